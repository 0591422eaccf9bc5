import type { Mode } from '@shared/domain/generation';
import { modeHint } from '@shared/domain/render-copy';
import { useRenderers } from '../../../api/renderers';

const OPTIONS: { value: Mode; label: string }[] = [
  { value: 'exact', label: 'Exact' },
  { value: 'creative', label: 'Creative' },
];

/** Exact / Creative as a native radio group (arrow keys switch), each said as what renders it here. */
export function ModeToggle({
  value,
  onChange,
  legend = 'Generation mode',
}: {
  value: Mode;
  onChange: (m: Mode) => void;
  legend?: string;
}) {
  const renderers = useRenderers();
  return (
    <fieldset className="min-w-0" data-testid="mode-toggle">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-card p-3 hover:bg-muted/60 has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name="generation-mode"
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
            />
            <span>
              <span className="block text-sm font-medium">{o.label}</span>
              <span className="block text-xs text-muted-foreground" data-testid={`mode-hint-${o.value}`}>
                {modeHint(o.value, renderers)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
