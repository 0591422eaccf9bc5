import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Briefcase from 'lucide-react/icons/briefcase';
import Check from 'lucide-react/icons/check';
import Heart from 'lucide-react/icons/heart';
import Store from 'lucide-react/icons/store';
import Upload from 'lucide-react/icons/upload';
import Users from 'lucide-react/icons/users';
import { buttonClasses } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { PLANS } from '@shared/domain/plans';
import { ANCHORS, CONTACT_EMAIL } from '../../../lib/site-config';

/** Section 5: Try Custom Look. */
export function TryCustomLookPromo() {
  return (
    <section aria-labelledby="custom-look-heading" className="px-4 py-16 sm:px-6" data-testid="custom-look-promo">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-3xl bg-primary p-8 text-primary-foreground sm:p-12 md:flex-row md:items-center md:justify-between">
        <div className="flex max-w-2xl flex-col gap-3">
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-violet-100">
            <Upload className="h-4 w-4" aria-hidden="true" />
            Try Custom Look
          </p>
          <h2 id="custom-look-heading" className="text-3xl font-bold tracking-tight">
            Found something you love? Try it on first.
          </h2>
          <p className="text-violet-100">
            Upload any outfit image, from any shop or feed, and see it on you in moments. Product shots, flat-lays and
            model photos all work.
          </p>
        </div>
        <Link to="/try-custom-look" className={buttonClasses({ size: 'lg', variant: 'inverse' })}>
          Try Custom Look
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}

interface PromoProps {
  id?: string;
  testId: string;
  eyebrow: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  text: string;
  points: readonly string[];
  /** `to`: a page of the app; `href`: anywhere else (e.g. an e-mail to the team). */
  cta?: { label: string; to: string; href?: never } | { label: string; href: string; to?: never };
  note?: ReactNode;
  reverse?: boolean;
  tint?: boolean;
}

function Promo({ id, testId, eyebrow, icon: Icon, title, text, points, cta, note, reverse, tint }: PromoProps) {
  const headingId = `${testId}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('px-4 py-16 sm:px-6', tint && 'bg-muted/40')}
      data-testid={testId}
    >
      <div
        className={cn(
          'mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2',
          reverse && 'md:[&>*:first-child]:order-2',
        )}
      >
        <div className="flex flex-col items-start gap-4">
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand">
            <Icon className="h-4 w-4" aria-hidden="true" />
            {eyebrow}
          </p>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          <p className="text-lg text-muted-foreground">{text}</p>
          {cta?.to ? (
            <Link to={cta.to} className={buttonClasses({ className: 'mt-2' })}>
              {cta.label}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : cta?.href ? (
            <a href={cta.href} className={buttonClasses({ className: 'mt-2' })}>
              {cta.label}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
          ) : null}
          {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        </div>
        <ul className="grid gap-3 rounded-2xl border border-border bg-card p-6">
          {points.map((p) => (
            <li key={p} className="flex items-start gap-3">
              <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand" aria-hidden="true" />
              <span>{p}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The retailer beta is not in the app yet (issue 39): its call writes to the team. */
export const RETAILER_BETA_MAILTO = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Retailer beta')}`;

/** Sections 6 to 9: the audience promos. */
export function ShopperPromo() {
  return (
    <Promo
      id={ANCHORS.collections}
      testId="shopper-promo"
      eyebrow="For shoppers"
      icon={Heart}
      title="Shop smarter, return less"
      text="Know how it looks on you before you buy. Keep your favourites in one place and get a second opinion in one tap."
      points={[
        'Visualize outfits on yourself, not on a model',
        'Keep the styles you love in Favorites',
        'Compare variations side by side',
        'Share looks with friends for feedback',
      ]}
    />
  );
}

export function RetailerPromo() {
  return (
    <Promo
      id={ANCHORS.shops}
      testId="retailer-promo"
      eyebrow="For retailers (beta in preparation)"
      icon={Store}
      title="Let every customer try before they buy"
      text="We are preparing virtual try-on for shops. Tell us about your store and we will write when the beta opens."
      points={[
        'Try-on widget on your product pages',
        'Virtual models across body types and skin tones',
        'Complete-the-look upsell and cross-sell',
        'Auto-generated content for email, product pages and social',
      ]}
      cta={{ label: 'Ask to join the retailer beta', href: RETAILER_BETA_MAILTO }}
      note="The list is what the beta will offer: none of it is part of the app yet."
      reverse
      tint
    />
  );
}

export function CreatorPromo() {
  return (
    <Promo
      id={ANCHORS.creators}
      testId="creator-promo"
      eyebrow="For creators and influencers"
      icon={Users}
      title="Turn your style into collections people can try on"
      text="Create styles, build collections and let your audience see every look on themselves."
      points={[
        'Create styles in minutes',
        'Build and publish collections',
        'Add affiliate links to every piece',
        'Earn commissions on what your audience buys',
      ]}
      cta={{ label: 'Become a Creator', to: '/influencer/apply' }}
      note="The creator program is invite-only; applications are typically reviewed in 2-3 business days."
    />
  );
}

export function StylistPromo() {
  return (
    <Promo
      testId="stylist-promo"
      eyebrow="For personal stylists"
      icon={Briefcase}
      title="Style more clients in less time"
      text="Show clients their new wardrobe before a single item is bought."
      points={[
        `A private photo profile per client (up to ${PLANS.creator.limits.photoProfiles} on the Creator plan)`,
        'Instant try-ons for every client',
        'Share looks with a client for feedback',
        'Side-by-side comparison of options',
      ]}
      cta={{ label: 'Start free', to: '/auth/register' }}
      reverse
      tint
    />
  );
}
