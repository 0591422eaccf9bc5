import { lazy, Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';

const loadTooltip = () => import('./tooltip');
const Tooltip = lazy(() => loadTooltip().then((m) => ({ default: m.Tooltip })));

/** Once the page is idle: the tooltip's code (Radix + floating-ui) is not part of the first load. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const go = () =>
      void loadTooltip().then(
        () => !cancelled && setIdle(true),
        () => undefined,
      );
    // Not in every browser (Safari): the optional view of the two functions.
    const w: Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>> = window;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(go, { timeout: 3000 });
      return () => {
        cancelled = true;
        w.cancelIdleCallback?.(id);
      };
    }
    const id = window.setTimeout(go, 1500);
    return () => {
      cancelled = true;
      window.clearTimeout(id);
    };
  }, []);
  return idle;
}

/**
 * The tooltip of an icon-only control on pages every visitor loads (the top bar): the same 700 ms / 300 ms
 * Tooltip, attached once the page is idle and its code has loaded (so the landing page's first load does not
 * grow, and the control is not re-mounted while someone clicks it). The control keeps its own aria-label.
 */
export function Hint({
  content,
  children,
  side,
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  const idle = useIdle();
  if (!idle) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip content={content} side={side}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
