/**
 * The lowered upper arms of a render on a fixture person, each with the line the fill paints it along (from the
 * shoulder's root towards the elbow, `upperArmAxis`): what the arm-repaint tests (functions/engine/upper-arm-tone,
 * shoulder-cap) measure on.
 */
import { expect } from 'vitest';
import { bareArmHalf, upperArmAxis } from '../../shared/engine/compose/fill';
import { readScene } from '../../shared/engine/compose/scene';
import { renderOn } from './render-on';

export async function loweredArms(person: string, garment: string) {
  const { photo, analysis, result: r } = await renderOn(person, garment);
  const { body, maps } = readScene(photo, analysis);
  const d = r.image.data;
  const lum = (p: number) => (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
  const arms = [body.armL, body.armR].map((arm, i) => {
    expect(body.armRaised[i]).toBe(false);
    const axis = upperArmAxis(body, maps, arm) ?? { dx: 0, dy: 0, half: bareArmHalf(body, maps, arm) ?? 0 };
    // the upper arm's line, root to the (axis-corrected) elbow: t along it (0..1 at the elbow), `across` off it
    const ex = arm.mid.x + axis.dx - arm.root.x;
    const ey = arm.mid.y + axis.dy - arm.root.y;
    const e2 = ex * ex + ey * ey;
    const elen = Math.sqrt(e2);
    return { arm, axis, ex, ey, e2, elen };
  });
  return {
    W: body.width,
    body,
    image: r.image,
    H: body.height,
    maps,
    filled: r.layers.filled.data,
    worn: r.layers.garment.data,
    lum,
    arms,
  };
}
