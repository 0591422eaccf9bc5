import ChevronDown from 'lucide-react/icons/chevron-down';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { CONTACT_EMAIL } from '../../../lib/site-config';
import { faqClasses } from './faq-classes';
import { FAQ_ITEMS, MORE_FAQ_ITEMS } from './landing-content';

/** Every question, the landing's first (their ids are the same anchors, faq-<id>). */
export const ALL_FAQ_ITEMS = [...FAQ_ITEMS, ...MORE_FAQ_ITEMS];

/**
 * /faq (issue 39): the landing's "View all FAQs". Every question with its answer, each openable on its own (not one
 * at a time as on the landing: a reader compares answers), with a way to ask what is not here.
 */
export default function FaqPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" data-testid="faq-page">
      <PageHeader
        title="Frequently asked questions"
        description="How Fitly works, what it costs and what happens to your photos."
      />
      <div className={faqClasses.root}>
        {ALL_FAQ_ITEMS.map((item) => (
          <details key={item.id} id={`faq-${item.id}`} className={faqClasses.item}>
            <summary className={faqClasses.trigger}>
              <h2 className={faqClasses.header}>{item.question}</h2>
              <ChevronDown className={faqClasses.chevron} aria-hidden="true" />
            </summary>
            <p className={faqClasses.content}>{item.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-center text-muted-foreground">
        Something else?{' '}
        <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-brand underline-offset-4 hover:underline">
          Write to us
        </a>{' '}
        or read{' '}
        <Link to="/privacy" className="font-semibold text-brand underline-offset-4 hover:underline">
          how we protect your data
        </Link>
        .
      </p>
    </div>
  );
}
