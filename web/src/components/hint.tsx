import { cloneElement, lazy, Suspense, useState, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode } from 'react';

const Tooltip = lazy(() => import('./tooltip').then((m) => ({ default: m.Tooltip })));

type TriggerProps = {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
};

/**
 * The tooltip of an icon-only control on pages every visitor loads (the top bar): the same 700 ms / 300 ms
 * Tooltip, but its code (Radix + floating-ui) is fetched only when a pointer or focus first reaches the
 * control, so the landing page's JavaScript does not grow. The control keeps its own aria-label.
 */
export function Hint({ content, children, side }: { content: ReactNode; children: ReactElement<TriggerProps>; side?: 'top' | 'right' | 'bottom' | 'left' }) {
  const [armed, setArmed] = useState(false);
  if (armed) {
    return (
      <Suspense fallback={children}>
        <Tooltip content={content} side={side}>
          {children}
        </Tooltip>
      </Suspense>
    );
  }
  const { onPointerEnter, onFocus } = children.props;
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      onPointerEnter?.(e);
      setArmed(true);
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      onFocus?.(e);
      setArmed(true);
    },
  });
}
