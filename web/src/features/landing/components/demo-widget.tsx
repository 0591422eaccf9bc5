import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import Wand from 'lucide-react/icons/wand-sparkles';
import { Button, buttonClasses } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { takingOverPrerenderedPage } from '../../../lib/prerender';
import { ANCHORS } from '../../../lib/site-config';
import {
  DEMO_LOOKS,
  DEMO_PEOPLE,
  LANDING_RENDER_NOTE,
  demoPreviewSrc,
  type DemoLookId,
  type DemoPersonId,
} from './landing-content';
import { Section } from './section';

/** Length of the simulated generation. */
const DEMO_DURATION_MS = 1400;
const TICK_MS = 70;

const option =
  'relative block cursor-pointer overflow-hidden rounded-xl border-2 border-border bg-card transition ' +
  'has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

/**
 * Section 2, "Try it in seconds": pick a demo photo, choose a look, Generate preview. Purely client-side:
 * it shows a short progress, then the Fitly engine's own render of that figure in that look, made ahead by
 * `npm run landing:images` (and said so under the pictures). No request is made.
 */
export function DemoWidget() {
  // Taking over a prerendered page, the visitor may have picked already (the radios work without JavaScript).
  const [person, setPerson] = useState<DemoPersonId>(() => pickedBefore('demo-person', DEMO_PEOPLE) ?? 'ava');
  const [look, setLook] = useState<DemoLookId>(() => pickedBefore('demo-look', DEMO_LOOKS) ?? 'evening');
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');
  const [progress, setProgress] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(timer.current), []);

  const reset = () => {
    window.clearInterval(timer.current);
    setPhase('idle');
    setProgress(0);
  };

  const generate = () => {
    window.clearInterval(timer.current);
    setPhase('running');
    setProgress(0);
    const started = Date.now();
    timer.current = window.setInterval(() => {
      const p = Math.min(100, Math.round(((Date.now() - started) / DEMO_DURATION_MS) * 100));
      setProgress(p);
      if (p >= 100) {
        window.clearInterval(timer.current);
        setPhase('done');
      }
    }, TICK_MS);
  };

  const personName = DEMO_PEOPLE.find((p) => p.id === person)!.name;
  const lookName = DEMO_LOOKS.find((l) => l.id === look)!.name;

  /** A new choice clears the shown preview. */
  const pickAnd =
    <Id,>(setter: (id: Id) => void) =>
    (id: Id) => {
      setter(id);
      reset();
    };

  return (
    <Section
      id={ANCHORS.explore}
      eyebrow="Live demo"
      title="Try it in seconds"
      intro="Pick a demo photo, choose a look and generate a preview. With your own Photo Profile, it is you in the picture."
      className="bg-muted/40"
      testId="demo-widget"
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_1fr]">
        <div className="flex flex-col gap-8">
          <DemoChoice
            legend="1. Pick a demo photo"
            name="demo-person"
            gridClassName="grid-cols-2 sm:max-w-sm"
            options={DEMO_PEOPLE}
            value={person}
            size={[300, 400]}
            labelClassName="px-2 py-1.5 text-sm"
            onChange={pickAnd(setPerson)}
          />
          <DemoChoice
            legend="2. Choose a look"
            name="demo-look"
            gridClassName="grid-cols-3"
            options={DEMO_LOOKS}
            value={look}
            size={[200, 200]}
            labelClassName="px-1 py-1.5 text-xs sm:text-sm"
            onChange={pickAnd(setLook)}
          />
          <Button
            size="lg"
            onClick={generate}
            disabled={phase === 'running'}
            className="self-start"
            data-testid="demo-generate"
          >
            <Wand className="h-4 w-4" aria-hidden="true" />
            Generate preview
          </Button>
          <p className="text-sm text-muted-foreground" data-testid="demo-render-note">
            {LANDING_RENDER_NOTE}
          </p>
        </div>

        <div
          className="flex flex-col items-center justify-center gap-4 rounded-2xl border border-border bg-card p-4"
          aria-live="polite"
          data-testid="demo-result"
        >
          {phase === 'idle' ? (
            <div className="flex aspect-[3/4] w-full max-w-xs flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border p-6 text-center text-muted-foreground">
              <Wand className="h-6 w-6" aria-hidden="true" />
              <p className="text-sm">Your preview appears here.</p>
            </div>
          ) : null}
          {phase === 'running' ? (
            <div className="flex aspect-[3/4] w-full max-w-xs flex-col items-center justify-center gap-4 rounded-xl bg-muted p-6">
              <p className="text-sm font-medium">Styling {personName}…</p>
              <div
                role="progressbar"
                aria-label="Generating preview"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 w-full overflow-hidden rounded-full bg-border"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width] duration-75"
                  style={{ width: `${progress}%` }}
                />
              </div>
            </div>
          ) : null}
          {phase === 'done' ? (
            <>
              <img
                src={demoPreviewSrc(person, look)}
                alt={`Preview: ${personName} wearing ${lookName}`}
                width={300}
                height={400}
                decoding="async"
                className={cn('h-auto w-full max-w-xs rounded-xl')}
                data-testid="demo-preview"
              />
              <p className="text-center text-sm text-muted-foreground">
                {personName} in {lookName}. Your turn next:
              </p>
              <Link to="/auth/register" className={buttonClasses({ variant: 'outline' })}>
                Try it with your photos
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

/** The option checked in the page's HTML before the SPA took it over (a prerendered page), if any. */
function pickedBefore<Id extends string>(name: string, options: readonly { id: Id }[]): Id | undefined {
  if (!takingOverPrerenderedPage()) return undefined;
  const checked = document.querySelector(`input[name="${name}"]:checked`);
  const value = checked instanceof HTMLInputElement ? checked.value : undefined;
  return options.find((o) => o.id === value)?.id;
}

/** One step of the demo: a grid of image radio cards. */
function DemoChoice<Id extends string>({
  legend,
  name,
  gridClassName,
  options,
  value,
  size: [width, height],
  labelClassName,
  onChange,
}: {
  legend: string;
  name: string;
  gridClassName: string;
  options: readonly { id: Id; name: string; src: string }[];
  value: Id;
  size: [number, number];
  labelClassName: string;
  onChange: (id: Id) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-base font-semibold">{legend}</legend>
      <div className={cn('grid gap-3', gridClassName)}>
        {options.map((o) => (
          <label key={o.id} className={option}>
            <input
              type="radio"
              name={name}
              value={o.id}
              checked={value === o.id}
              onChange={() => onChange(o.id)}
              className="sr-only"
            />
            <img
              src={o.src}
              alt=""
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              className="h-auto w-full"
            />
            <span className={cn('block text-center font-medium', labelClassName)}>{o.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
