import type { ReactNode } from 'react';
import Camera from 'lucide-react/icons/camera';
import Shirt from 'lucide-react/icons/shirt';
import Sparkles from 'lucide-react/icons/sparkles';
import { ANCHORS } from '../../../lib/site-config';
import { requestOpenFaq } from './faq-events';
import { FAQ_PHOTOS_ID } from './landing-content';
import { Section } from './section';

/** Section 3 (anchor how-it-works): the three steps. */
export function HowItWorks() {
  return (
    <Section id={ANCHORS.howItWorks} eyebrow="How it works" title="Three steps to your new look" testId="how-it-works">
      <ol className="grid gap-6 md:grid-cols-3">
        <li className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6">
          <Step n={1} icon={<Camera className="h-5 w-5" aria-hidden="true" />} />
          <h3 className="text-lg font-semibold">Create your Photo Profile</h3>
          <p className="text-muted-foreground">
            Upload a portrait and a full-body photo, once. Not sure which to use?{' '}
            <a
              href={`#${ANCHORS.faq}`}
              onClick={() => requestOpenFaq(FAQ_PHOTOS_ID)}
              data-open-faq={FAQ_PHOTOS_ID}
              className="font-medium text-brand underline underline-offset-2"
            >
              See which photos work best
            </a>
            .
          </p>
        </li>
        <li className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6">
          <Step n={2} icon={<Shirt className="h-5 w-5" aria-hidden="true" />} />
          <h3 className="text-lg font-semibold">Pick a style or upload any outfit</h3>
          <p className="text-muted-foreground">
            Browse curated styles and creator collections, or bring a product photo from any shop.
          </p>
        </li>
        <li className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6">
          <Step n={3} icon={<Sparkles className="h-5 w-5" aria-hidden="true" />} />
          <h3 className="text-lg font-semibold">See yourself, then save or shop</h3>
          <p className="text-muted-foreground">
            Your try-on is ready in moments. Keep it in your gallery, compare variations, or buy with confidence.
          </p>
        </li>
      </ol>
    </Section>
  );
}

function Step({ n, icon }: { n: number; icon: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </span>
      <span className="text-sm font-semibold text-muted-foreground">Step {n}</span>
    </div>
  );
}
