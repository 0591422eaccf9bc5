import { Link } from 'react-router-dom';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/site-config';
import { COST_SENTENCE, ROLLOVER_SENTENCE, packLines, planLines } from '../lib/legal-facts';
import { Blank, LegalPage, LegalSection, PriceList } from './legal-page';

/** /terms: the terms of service (issue 39), a template with the product's own plans, packs and rules. */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of service"
      lead={`The agreement between you and the operator of ${PRODUCT_NAME} when you use the service or buy a plan or credits.`}
    >
      <LegalSection title="Who provides the service">
        <p>
          {PRODUCT_NAME} is operated by <Blank>company name and legal form</Blank>, <Blank>registered address</Blank>{' '}
          (details in the <Link to="/imprint">imprint</Link>). Questions:{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </LegalSection>

      <LegalSection title="The service">
        <p>
          {PRODUCT_NAME} shows you wearing outfits: you keep photo profiles (a portrait and a full-body photo) and
          generate images of yourself in styles from the catalogue or in outfits you upload. Results made by the{' '}
          {PRODUCT_NAME} engine are previews of how a garment sits, not photographs; results made by an AI model are
          labelled as AI-generated. Either may differ from the real garment in fit, colour and detail.
        </p>
        <p>
          You must be at least <Blank>minimum age, e.g. 16</Blank> to create a photo profile, and you may upload only
          photos of yourself, or of people who agreed, and images you have the right to use.
        </p>
      </LegalSection>

      <LegalSection title="Plans and prices">
        <p>Prices include VAT where it applies. Plans:</p>
        <PriceList lines={planLines()} />
        <p>Credit packs, on top of any plan:</p>
        <PriceList lines={packLines()} />
        <p>
          {COST_SENTENCE} {ROLLOVER_SENTENCE} Credits have no cash value and cannot be transferred.
        </p>
      </LegalSection>

      <LegalSection title="Subscriptions: renewal, changes, cancellation">
        <p>
          Monthly plans renew every month until cancelled. You can cancel at any time on your Account page: the plan and
          its credits stay until the end of the period you paid for, and it does not renew. Upgrades apply at once (you
          pay the prorated difference and get the extra monthly credits at once); downgrades take effect at the end of
          the billing cycle. Payments are processed by Stripe. What is refunded is in the{' '}
          <Link to="/refunds">refund policy</Link>.
        </p>
      </LegalSection>

      <LegalSection title="Your content">
        <p>
          Your photos and results stay yours. You allow us to store and process them only to provide the service, as
          described in the <Link to="/privacy">privacy summary</Link>. Styles you publish are shown to others until you
          unpublish or delete them. Content that breaks these terms or the law may be removed.
        </p>
      </LegalSection>

      <LegalSection title="Liability, changes, law">
        <p>
          <Blank>limitation of liability, as allowed by the applicable law</Blank>
        </p>
        <p>
          We may change these terms with <Blank>notice period, e.g. 30 days</Blank> notice by e-mail; you may cancel
          before they apply. These terms are governed by <Blank>governing law and place of jurisdiction</Blank>.
          Consumer protection rules of your country of residence still apply.
        </p>
        <p>
          Last updated: <Blank>date</Blank>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
