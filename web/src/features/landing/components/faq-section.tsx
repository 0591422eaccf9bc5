import ChevronDown from 'lucide-react/icons/chevron-down';
import { Link } from 'react-router-dom';
import { ANCHORS } from '../../../lib/site-config';
import { faqClasses } from './faq-classes';
import { FAQ_ITEMS } from './landing-content';
import { Section } from './section';

/**
 * Section 12 (anchor faq): one item open at a time, and it can be closed. Native <details> sharing one `name`
 * (an exclusive group): it works without JavaScript, on the prerendered landing page as in the SPA, and ships no
 * accordion code. Another section opens an item with requestOpenFaq (faq-events.ts).
 */
export function FaqSection() {
  return (
    <Section id={ANCHORS.faq} eyebrow="FAQ" title="Questions, answered" testId="faq">
      <div className={faqClasses.root} data-testid="faq-accordion">
        {FAQ_ITEMS.map((item) => (
          <details key={item.id} id={`faq-${item.id}`} name="faq" className={faqClasses.item}>
            <summary className={faqClasses.trigger}>
              <h3 className={faqClasses.header}>{item.question}</h3>
              <ChevronDown className={faqClasses.chevron} aria-hidden="true" />
            </summary>
            <p className={faqClasses.content}>{item.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-center">
        {/* spec 01 points this nowhere (#); it leads to the FAQ page (issue 39) */}
        <Link to="/faq" className="font-semibold text-brand underline-offset-4 hover:underline">
          View all FAQs
        </Link>
      </p>
    </Section>
  );
}
