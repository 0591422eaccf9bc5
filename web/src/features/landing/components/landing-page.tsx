import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
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
 * fourteenth and the cookie banner the last.
 */
export default function LandingPage() {
  useDocumentTitle();
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = PATH_SECTIONS[pathname];
    if (id && !hash) document.getElementById(id)?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [pathname, hash]);

  return (
    <>
      <Hero />
      <DemoWidget />
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
      <CookieBanner />
    </>
  );
}
