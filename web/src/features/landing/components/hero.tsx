import { STARTER_GRANT_LABEL } from '@shared/domain/plans';
import { Link } from 'react-router-dom';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Sparkles from 'lucide-react/icons/sparkles';
import { buttonClasses } from '../../../components/button';
import { ANCHORS } from '../../../lib/site-config';
import { HERO_IMAGES, LANDING_RENDER_NOTE } from './landing-content';

/** Section 1: the hero with the before/after comparison and the "Instant transformation" badge. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden px-4 pb-16 pt-12 sm:px-6 sm:pt-20"
      data-testid="hero"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] bg-linear-to-b from-accent to-transparent"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div className="flex flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-sm font-medium text-brand">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            AI virtual try-on and styling
          </p>
          <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            See yourself in every style
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground sm:text-xl">
            Upload your photos once. Instantly visualize any outfit on you—then save or shop with confidence
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to="/auth/register" className={buttonClasses({ size: 'lg' })} data-testid="hero-try-free">
              Try it free
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
            <a href={`#${ANCHORS.howItWorks}`} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              See how it works
            </a>
          </div>
          <p className="text-sm text-muted-foreground">No editing skills needed. Cancel anytime.</p>
          <p className="text-sm text-muted-foreground" data-testid="hero-free-look">
            Free to start: {STARTER_GRANT_LABEL} when you sign up, no card needed.
          </p>
        </div>

        <figure className="relative mx-auto w-full max-w-md">
          <div className="relative grid grid-cols-2 gap-3 rounded-3xl border border-border bg-card p-3 shadow-xl">
            <HeroImage
              src={HERO_IMAGES.before}
              alt={HERO_IMAGES.beforeAlt}
              label="Before"
              labelClassName="bg-white/90 text-zinc-900"
            />
            <HeroImage
              src={HERO_IMAGES.after}
              alt={HERO_IMAGES.afterAlt}
              label="After"
              labelClassName="bg-primary text-primary-foreground"
            />
            <p
              className="absolute -bottom-4 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-lg"
              data-testid="instant-badge"
            >
              <Sparkles className="h-4 w-4" aria-hidden="true" />
              Instant transformation
            </p>
          </div>
          <figcaption className="mt-8 text-center text-xs text-muted-foreground" data-testid="hero-render-note">
            {LANDING_RENDER_NOTE}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

/** One half of the before/after pair: loaded eagerly (it is the largest paint of the first view). */
function HeroImage({
  src,
  alt,
  label,
  labelClassName,
}: {
  src: string;
  alt: string;
  label: string;
  labelClassName: string;
}) {
  return (
    <div className="relative overflow-hidden rounded-2xl">
      <img
        src={src}
        alt={alt}
        width={300}
        height={400}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className="h-auto w-full"
      />
      <span className={`absolute left-2 top-2 rounded-full px-2.5 py-0.5 text-xs font-semibold ${labelClassName}`}>
        {label}
      </span>
    </div>
  );
}
