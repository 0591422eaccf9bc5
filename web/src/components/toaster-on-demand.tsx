import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toaster when the first toast is requested (or when `preload` says toasts are likely,
 * e.g. once signed in), so pages that never toast (the landing page) do not download it.
 */
export function ToasterOnDemand({ preload = false }: { preload?: boolean }) {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (!needed && (preload || toasts.length > 0)) setNeeded(true);
  }, [needed, preload, toasts.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
