import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy with a preload: once `preload()` has resolved, the component renders at once (no Suspense fallback,
 * not even for a frame, and none of React's hold before revealing a suspended tree). Which of the two a mounted
 * component uses is decided once, at mount: it never remounts. Its props are passed through.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any component's props
export function preloadableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  let loaded: C | undefined;
  const Lazy = lazy(load);
  function Preloadable(props: React.ComponentProps<C>) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  const preload = async (): Promise<void> => {
    loaded = (await load()).default;
  };
  return Object.assign(Preloadable, { preload });
}
