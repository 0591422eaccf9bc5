import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { resetRuntimeConfig } from '../../../lib/runtime-config';
import { ModeToggle } from './mode-toggle';

const config = (renderers: unknown) => ({
  stage: 'local',
  local: true,
  auth: { userPoolId: 'p', userPoolClientId: 'c', region: 'r' },
  renderers,
});

function renderToggle(renderers: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/config'
        ? new Response(JSON.stringify(config(renderers)), { status: 200 })
        : new Response('{}', { status: 500 }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModeToggle value="exact" onChange={() => {}} />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetRuntimeConfig());

describe('ModeToggle: words per provider (issue 39)', () => {
  it('the Fitly engine rendering: preview quality, made by the engine, never photorealistic', async () => {
    renderToggle({ exact: 'engine', creative: 'engine' });
    const exact = await screen.findByText(/^Your outfit on your photo, preview quality, made by the Fitly engine/);
    expect(exact.dataset.testid).toBe('mode-hint-exact');
    expect(screen.getByTestId('mode-hint-creative').textContent).toMatch(/preview quality, made by the Fitly engine/);
    expect(document.body.textContent).not.toMatch(/photorealistic/i);
  });

  it('an AI provider rendering Exact: photorealistic, by an AI model', async () => {
    renderToggle({ exact: 'fashn', creative: 'engine' });
    expect(await screen.findByText(/^Photorealistic try-on by an AI model/)).toBeTruthy();
    expect(screen.getByTestId('mode-hint-creative').textContent).toMatch(/preview quality/);
  });
});
