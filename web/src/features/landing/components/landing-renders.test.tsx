/**
 * The landing's before/after and live demo are the Fitly engine's renders of computer-generated figures, and the
 * page says so (issue 39): every picture they show is a file `npm run landing:images` wrote (WebP, small), none
 * a drawing.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DemoWidget } from './demo-widget';
import { Hero } from './hero';
import { DEMO_LOOKS, DEMO_PEOPLE, LANDING_RENDER_NOTE, demoPreviewSrc } from './landing-content';

const PUBLIC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');
/** A rendered picture: a WebP the script wrote, small enough for the first paint. */
const expectRender = (src: string | null) => {
  expect(src).toMatch(/^\/landing\/.+\.webp$/);
  const file = path.join(PUBLIC, src!);
  expect(existsSync(file), `${src} exists`).toBe(true);
  expect(statSync(file).size).toBeLessThan(40 * 1024);
};

describe('the landing shows real renders', () => {
  it('the hero: before and after are rendered pictures, with the note saying they are computer-generated', () => {
    render(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    );
    const hero = screen.getByTestId('hero');
    const images = [...hero.querySelectorAll('img')];
    expect(images).toHaveLength(2);
    for (const img of images) expectRender(img.getAttribute('src'));
    expect(screen.getByTestId('hero-render-note').textContent).toBe(LANDING_RENDER_NOTE);
    expect(LANDING_RENDER_NOTE).toMatch(/computer-generated/);
    expect(LANDING_RENDER_NOTE).toMatch(/Fitly engine/);
  });

  it('the demo: every person, look and result is a rendered picture, and the note is shown', () => {
    render(
      <MemoryRouter>
        <DemoWidget />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('demo-render-note').textContent).toBe(LANDING_RENDER_NOTE);
    for (const img of screen.getByTestId('demo-widget').querySelectorAll('img')) expectRender(img.getAttribute('src'));
    for (const p of DEMO_PEOPLE) for (const l of DEMO_LOOKS) expectRender(demoPreviewSrc(p.id, l.id));
  });
});
