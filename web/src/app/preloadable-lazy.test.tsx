import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadableLazy } from './preloadable-lazy';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

const tree = (Comp: React.ComponentType<{ name: string }>) => (
  <Suspense fallback={<p>Loading</p>}>
    <Comp name="Ada" />
  </Suspense>
);

describe('preloadableLazy', () => {
  it('once preloaded, renders its component in the first render (no fallback), with its props', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve({ default: Greeting }));
    await Lazy.preload();
    render(tree(Lazy));
    // synchronously there: no Suspense fallback, not even for a frame
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('not preloaded, suspends behind the fallback like React.lazy, then renders with its props', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve({ default: Greeting }));
    render(tree(Lazy));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
  });
});
