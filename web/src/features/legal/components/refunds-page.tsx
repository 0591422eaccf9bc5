import { Link } from 'react-router-dom';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/site-config';
import { ROLLOVER_SENTENCE, packLines, planLines } from '../lib/legal-facts';
import { Blank, LegalPage, LegalSection, PriceList } from './legal-page';

/**
 * /refunds: the refund policy (issue 39). The automatic refunds are the ones the service makes (a failed look
 * gives its credits back, once; a second trial or subscription bought by mistake is refunded in full); the
 * operator decides and fills in the rest.
 */
export default function RefundsPage() {
  return (
    <LegalPage
      title="Refund policy"
      lead="When credits come back to you, when money does, and what cancelling changes."
    >
      <LegalSection title="Credits of a look that failed">
        <p data-testid="refund-failed-look">
          If a look fails (the render stops, times out, or its result does not pass the safety check), every credit it
          took is given back <strong>automatically, once</strong>, to the balance it came from. You see it in the credit
          history on your <Link to="/account">Account</Link> page as &ldquo;Refund (failed generation)&rdquo;.
        </p>
      </LegalSection>

      <LegalSection title="Purchases made twice">
        <p>
          The trial can be bought once, and an account has one subscription at a time. If a payment for a second trial
          or a second subscription goes through anyway, it is refunded in full and grants nothing.
        </p>
      </LegalSection>

      <LegalSection title="Cancelling a plan">
        <p>
          Cancelling stops the next renewal; the current period is not refunded, and you keep the plan and its credits
          until it ends. {ROLLOVER_SENTENCE} Deleting your account cancels a plan the same way; unused credits are lost
          with the account.
        </p>
      </LegalSection>

      <LegalSection title="Refunds of a payment">
        <p>
          Within <Blank>period, e.g. 14 days</Blank> of a purchase you may ask for a refund at{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.{' '}
          <Blank>
            the operator&rsquo;s rule: which purchases, whether used credits reduce the amount, and the statutory right
            of withdrawal for digital content
          </Blank>
        </p>
        <p>
          When a payment is refunded (by us, or through a dispute with your bank), the credits it granted that are still
          unused are removed from your balance; credits already spent are not charged back.
        </p>
      </LegalSection>

      <LegalSection title="What each purchase grants">
        <PriceList lines={planLines()} />
        <PriceList lines={packLines()} />
        <p>Credits are for {PRODUCT_NAME} only, have no cash value and are not paid out.</p>
      </LegalSection>
    </LegalPage>
  );
}
