import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { ANCHORS } from '../../../lib/site-config';
import { faqClasses } from './faq-classes';
import { onOpenFaqRequest } from './faq-events';
import { FAQ_ITEMS } from './landing-content';
import { Section } from './section';

const loadAccordion = () => import('./faq-accordion');
const FaqAccordion = lazy(loadAccordion);

/**
 * Section 12 (anchor faq): a Radix Accordion, one item open at a time and collapsible. The accordion's
 * code loads when the section comes near the viewport (or is navigated to), keeping it out of the
 * landing page's first load; until then the same list renders with plain buttons that work the same way.
 */
export function FaqSection() {
  const [open, setOpen] = useState<string>('');
  const { hash } = useLocation();
  const [wanted, setWanted] = useState(() => hash.startsWith(`#${ANCHORS.faq}`));
  const ref = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      onOpenFaqRequest((id) => {
        setOpen(id);
        setWanted(true);
      }),
    [],
  );
  useEffect(() => {
    if (hash.startsWith(`#${ANCHORS.faq}`)) setWanted(true);
  }, [hash]);
  useEffect(() => {
    if (wanted || !ref.current || typeof IntersectionObserver === 'undefined') return undefined;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), {
      rootMargin: '600px 0px',
    });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [wanted]);

  const placeholder = (
    <div className={faqClasses.root}>
      {FAQ_ITEMS.map((item) => (
        <div key={item.id} id={`faq-${item.id}`} className={faqClasses.item} data-state="closed">
          <h3 className={faqClasses.header}>
            <button
              type="button"
              aria-expanded="false"
              className={faqClasses.trigger}
              onClick={() => {
                setOpen(item.id);
                setWanted(true);
              }}
            >
              {item.question}
              <ChevronDown className={faqClasses.chevron} aria-hidden="true" />
            </button>
          </h3>
        </div>
      ))}
    </div>
  );

  return (
    <Section id={ANCHORS.faq} eyebrow="FAQ" title="Questions, answered" testId="faq">
      <div ref={ref}>
        {wanted ? (
          <Suspense fallback={placeholder}>
            <FaqAccordion value={open} onValueChange={setOpen} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <p className="mt-8 text-center">
        {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- spec 01: this link points nowhere (#) */}
        <a href="#" className="font-semibold text-brand underline-offset-4 hover:underline">
          View all FAQs
        </a>
      </p>
    </Section>
  );
}
