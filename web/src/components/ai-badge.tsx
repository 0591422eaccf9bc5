import Sparkles from 'lucide-react/icons/sparkles';
import { AI_LABEL, AI_LABEL_TOOLTIP } from '../../../shared/domain/provenance';
import { Tooltip } from './tooltip';
import { cn } from '../lib/cn';

/**
 * The visible "AI-generated" label on every generated image (part of the UI, never burned into the pixels;
 * the file itself carries the signed C2PA record). Focusable, so the tooltip also opens from the keyboard.
 */
export function AiBadge({ className, size = 'md' }: { className?: string; size?: 'sm' | 'md' }) {
  return (
    <Tooltip content={AI_LABEL_TOOLTIP}>
      <span
        tabIndex={0}
        role="note"
        aria-label={`${AI_LABEL}. ${AI_LABEL_TOOLTIP}`}
        data-testid="ai-badge"
        className={cn(
          'pointer-events-auto inline-flex items-center gap-1 rounded-full bg-black/70 font-medium text-white shadow-sm ring-1 ring-white/20 backdrop-blur-sm',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          size === 'sm' ? 'px-1.5 py-0.5 text-[10px]' : 'px-2 py-0.5 text-xs',
          className,
        )}
      >
        <Sparkles className={size === 'sm' ? 'h-2.5 w-2.5' : 'h-3 w-3'} aria-hidden="true" />
        {AI_LABEL}
      </span>
    </Tooltip>
  );
}
