import { createContext, useContext, type ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

/** Spec 01 section 9: tooltips open after 700 ms, with a 300 ms skip delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const InsideProvider = createContext(false);

/**
 * The app's one tooltip provider. It wraps the signed-in screens (app/app-layout.tsx) and is loaded with
 * them, so the positioning engine (floating-ui) stays out of the landing page's JavaScript.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InsideProvider.Provider value>{children}</InsideProvider.Provider>
    </RadixTooltip.Provider>
  );
}

/**
 * A text tooltip around a focusable trigger. Outside the app provider (a public page) it brings its own
 * provider with the same delays, so it works everywhere.
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
}: {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  const inside = useContext(InsideProvider);
  const tip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md"
        >
          {content}
          <RadixTooltip.Arrow className="fill-foreground" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  if (inside) return tip;
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {tip}
    </RadixTooltip.Provider>
  );
}

export default TooltipProvider;
