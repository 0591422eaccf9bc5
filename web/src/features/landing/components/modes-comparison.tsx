import Palette from 'lucide-react/icons/palette';
import Camera from 'lucide-react/icons/camera';
import Check from 'lucide-react/icons/check';
import { Section } from './section';

const MODES = [
  {
    name: 'Creative mode',
    icon: Palette,
    tagline: 'Stylized, editorial results',
    input: 'Product-only shots and flat-lays',
    points: [
      'Styled backgrounds and colour grades',
      'Great for mood boards and inspiration',
      'Works with any product photo',
    ],
  },
  {
    name: 'Exact mode',
    icon: Camera,
    // true whoever renders (issue 39): this page is built once for every deployment, so it names both
    tagline: 'The exact garment on your own photo',
    input: 'Images of a model wearing the outfit',
    points: [
      'The garment as it is: no restyling',
      'Best for deciding what to buy',
      'Photorealistic with an AI try-on model, preview quality from the Fitly engine: each result says which',
    ],
  },
] as const;

/** Section 4: Creative versus Exact mode. */
export function ModesComparison() {
  return (
    <Section
      eyebrow="Two modes"
      title="Creative or Exact: we pick the right one"
      intro="We detect the outfit type and route it to the best mode. You just choose the look."
      testId="modes"
    >
      <div className="grid gap-6 md:grid-cols-2">
        {MODES.map((m) => (
          <div key={m.name} className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6">
            <div className="flex items-center gap-3">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <m.icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{m.name}</h3>
                <p className="text-sm text-muted-foreground">{m.tagline}</p>
              </div>
            </div>
            <p className="text-sm">
              <span className="font-semibold">Best from: </span>
              {m.input}
            </p>
            <ul className="flex flex-col gap-2">
              {m.points.map((p) => (
                <li key={p} className="flex items-start gap-2 text-sm text-muted-foreground">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                  {p}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
