import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { renderingWholePage } from '../../../lib/prerender';
import { ANCHORS } from '../../../lib/site-config';
import { CookieBanner } from './cookie-banner';
import { DemoWidget } from './demo-widget';
import { FaqSection } from './faq-section';
import { FinalCta } from './final-cta';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { ModesComparison } from './modes-comparison';
import { PricingSection } from './pricing-section';
import { CreatorPromo, RetailerPromo, ShopperPromo, StylistPromo, TryCustomLookPromo } from './promos';
import { Testimonials } from './testimonials';

/** Logged out, these routes fall back to the landing page: show the matching section. */
const PATH_SECTIONS: Record<string, string> = {
  '/pricing': ANCHORS.pricing,
  '/explore': ANCHORS.explore,
  '/collections': ANCHORS.collections,
};

/**
 * The landing page (/): fifteen sections, the footer (rendered by the layout, full variant) being the
 * fourteenth and the cookie banner the last of the spec's list. The banner is placed right after the hero
 * (sticky at the bottom of the viewport) so it never covers the live demo (cookie-banner.tsx).
 */
export default function LandingPage() {
  useDocumentTitle();
  const { pathname, hash } = useLocation();
  // The first paint needs the hero and the demo only: the sections below the fold render right after,
  // as a transition (interruptible, so the main thread is never blocked for long). Prerendered (at build time, or
  // the SPA taking over that HTML) the whole page renders at once: it is already on screen.
  const [rest, setRest] = useState(renderingWholePage);
  useEffect(() => startTransition(() => setRest(true)), []);
  useEffect(() => {
    const id = PATH_SECTIONS[pathname];
    if (rest && id && !hash) document.getElementById(id)?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [pathname, hash, rest]);

  return (
    <>
      <Hero />
      <CookieBanner />
      <DemoWidget />
      {rest ? (
        <>
          <HowItWorks />
          <ModesComparison />
          <TryCustomLookPromo />
          <ShopperPromo />
          <RetailerPromo />
          <CreatorPromo />
          <StylistPromo />
          <Testimonials />
          <PricingSection />
          <FaqSection />
          <FinalCta />
        </>
      ) : null}
    </>
  );
}
