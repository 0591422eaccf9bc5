import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy with a preload: once `preload()` has resolved, the screen renders at once (no Suspense fallback, not
 * even for a frame). Which of the two a mounted screen uses is decided once, at mount: it never remounts.
 */
export function preloadableLazy(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function PreloadableScreen() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const preload = async (): Promise<void> => {
    loaded = (await load()).default;
  };
  return Object.assign(PreloadableScreen, { preload });
}
