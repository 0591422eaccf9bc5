/**
 * The comparison judgement.ts --carry relies on: an unchanged render is the same picture even when its panel's
 * label changed and the panel was encoded again; any visible change of the render, however small, is not.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GARMENT_W, isSamePicture, LABEL_H, PANEL_H, panelResultDiff, pictureDiff, SAME_PICTURE } from './same-picture';

const W = 96;
const H = 64;

/** A smooth picture with some texture, like a render: gradients and a pattern. */
function picture(width = W, height = H): Uint8Array {
  const p = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      p[i] = (x * 2 + y) % 256;
      p[i + 1] = 120 + Math.round(40 * Math.sin(x / 5) * Math.cos(y / 7));
      p[i + 2] = (200 - y) % 256;
    }
  return p;
}

function patch(p: Uint8Array, width: number, x0: number, y0: number, w: number, h: number, delta: number) {
  const q = new Uint8Array(p);
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        q[i] = Math.max(0, Math.min(255, q[i]! + delta));
      }
  return q;
}

describe('pictureDiff / isSamePicture', () => {
  it('calls an identical picture the same', () => {
    const a = picture();
    const d = pictureDiff(a, new Uint8Array(a), W, H);
    expect(d.mean).toBe(0);
    expect(d.maxBlock).toBe(0);
    expect(isSamePicture(d)).toBe(true);
  });

  it('calls one level of noise everywhere the same (a re-quantised block, no visible change)', () => {
    const a = picture();
    const b = new Uint8Array(a);
    for (let i = 0; i < b.length; i += 7) b[i] = Math.min(255, b[i]! + 1);
    expect(isSamePicture(pictureDiff(a, b, W, H))).toBe(true);
  });

  it('calls a small local change different: a 4 x 8 px sliver moved by 30 levels', () => {
    const a = picture();
    const d = pictureDiff(a, patch(a, W, 41, 20, 4, 8, 30), W, H);
    expect(d.mean).toBeLessThan(SAME_PICTURE.MAX_MEAN); // the mean alone would miss it
    expect(isSamePicture(d)).toBe(false);
    // the worst block is where the change is
    expect(d.at[0]).toBeGreaterThanOrEqual(41 - 16);
    expect(d.at[0]).toBeLessThanOrEqual(41 + 4);
  });

  it('finds a change that straddles a block border (blocks overlap every 8 px)', () => {
    const a = picture();
    const d = pictureDiff(a, patch(a, W, 14, 14, 4, 4, 60), W, H);
    expect(isSamePicture(d)).toBe(false);
  });

  it('calls a faint change over the whole picture different (2 levels brighter)', () => {
    const a = picture();
    expect(isSamePicture(pictureDiff(a, patch(a, W, 0, 0, W, H, 2), W, H))).toBe(false);
  });

  it('refuses pictures of different sizes, and a missing comparison is never the same', () => {
    expect(() => pictureDiff(picture(), picture(W, H - 1), W, H)).toThrow();
    expect(isSamePicture(null)).toBe(false);
  });
});

describe('panelResultDiff (two eval panels as JPEG files)', () => {
  const PW = 240;
  const PANEL_W = 2 * PW + GARMENT_W + 16;
  const dir = mkdtempSync(path.join(tmpdir(), 'same-picture-'));

  /** A panel as run.ts lays it out: label, then person | result | garment input, 8 px gaps. */
  async function panel(name: string, result: Uint8Array, label: string, bad = false): Promise<string> {
    const raw = (data: Uint8Array, width: number) =>
      sharp(Buffer.from(data), { raw: { width, height: PANEL_H, channels: 3 } })
        .png()
        .toBuffer();
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${PANEL_W}" height="${LABEL_H}"><rect width="${PANEL_W}" height="${LABEL_H}" fill="${bad ? '#7a1010' : '#1d1d1d'}"/><text x="8" y="20" font-size="16" fill="#fff">${label}</text></svg>`;
    const file = path.join(dir, `${name}.jpg`);
    const person = picture(PW, PANEL_H);
    writeFileSync(
      file,
      await sharp({ create: { width: PANEL_W, height: LABEL_H + PANEL_H, channels: 3, background: '#888888' } })
        .composite([
          { input: Buffer.from(text), left: 0, top: 0 },
          { input: await raw(person, PW), left: 0, top: LABEL_H },
          { input: await raw(result, PW), left: PW + 8, top: LABEL_H },
          { input: await raw(picture(GARMENT_W, PANEL_H), GARMENT_W), left: 2 * PW + 16, top: LABEL_H },
        ])
        .jpeg({ quality: 86 }) // as run.ts writes its panels
        .toBuffer(),
    );
    return file;
  }

  it('the same render under another label is the same picture; a small change to it is not', async () => {
    const result = picture(PW, PANEL_H);
    const before = await panel('before', result, 'tee@ai-body#flat-white ok coverage 0.91 1203 ms');
    // another run: other timings, and a metric now misses its threshold (the label turns red)
    const again = await panel('again', result, 'tee@ai-body#flat-white ok coverage 0.84 987 ms', true);
    const changed = await panel('changed', patch(result, PW, 120, 400, 8, 12, 35), 'same label');

    const same = await panelResultDiff(before, again);
    expect(same).not.toBeNull();
    expect(isSamePicture(same)).toBe(true);

    const diff = await panelResultDiff(before, changed);
    expect(isSamePicture(diff)).toBe(false);
    expect(diff!.maxBlock).toBeGreaterThan(3);
  });
});
