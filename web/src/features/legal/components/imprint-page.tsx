import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/site-config';
import { Blank, LegalPage, LegalSection } from './legal-page';

/** /imprint: who operates the service (issue 39), every detail a blank for the operator. */
export default function ImprintPage() {
  return (
    <LegalPage title="Imprint" lead={`Who is responsible for ${PRODUCT_NAME}.`}>
      <LegalSection title="Operator">
        <address className="flex flex-col gap-1 not-italic">
          <Blank>company name and legal form</Blank>
          <Blank>street and number</Blank>
          <Blank>postcode, city, country</Blank>
        </address>
        <p>
          Represented by <Blank>managing director(s)</Blank>
        </p>
      </LegalSection>
      <LegalSection title="Contact">
        <p>
          E-mail: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          <br />
          Phone: <Blank>phone number</Blank>
        </p>
      </LegalSection>
      <LegalSection title="Registration and tax">
        <p>
          Register: <Blank>commercial register and number</Blank>
          <br />
          VAT ID: <Blank>VAT identification number</Blank>
        </p>
      </LegalSection>
      <LegalSection title="Responsible for content">
        <p>
          <Blank>name and address of the person responsible</Blank>
        </p>
        <p>
          Online dispute resolution: <Blank>the operator&rsquo;s statement on consumer dispute resolution</Blank>
        </p>
      </LegalSection>
    </LegalPage>
  );
}
