import { Link } from 'react-router-dom';
import Mail from 'lucide-react/icons/mail';
import { ANCHORS, CONTACT_EMAIL, PRODUCT_NAME, PRODUCT_TAGLINE, SOCIAL_LINKS } from '../../../lib/site-config';
import { LEGAL_PAGES } from '../../../components/legal-links';
import { LogoMark } from './logo';
import { NewsletterForm } from './newsletter-form';
import { SocialIcon } from './social-icons';

const link =
  'rounded text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function SocialLinks() {
  return (
    <ul className="flex items-center gap-2">
      {SOCIAL_LINKS.map((s) => (
        <li key={s.network}>
          <a
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${PRODUCT_NAME} on ${s.network}`}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-border text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <SocialIcon network={s.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ContactLink() {
  return (
    <a href={`mailto:${CONTACT_EMAIL}`} className={`${link} inline-flex items-center gap-1.5`}>
      <Mail className="h-4 w-4" aria-hidden="true" />
      {CONTACT_EMAIL}
    </a>
  );
}

/** The site footer: the full version (newsletter, link columns) on the landing page, compact elsewhere. */
export function SiteFooter({ variant }: { variant: 'full' | 'compact' }) {
  const year = new Date().getFullYear();
  if (variant === 'compact') {
    return (
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-muted-foreground">
            © {year} {PRODUCT_NAME}
          </p>
          <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-5 gap-y-2">
            {LEGAL_PAGES.map((p) => (
              <Link key={p.to} to={p.to} className={link}>
                {p.label}
              </Link>
            ))}
            <ContactLink />
          </nav>
          <SocialLinks />
        </div>
      </footer>
    );
  }
  return (
    <footer id={ANCHORS.contact} className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_1fr_1.3fr]">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-2 font-bold">
            <LogoMark />
            <span className="text-lg">{PRODUCT_NAME}</span>
          </div>
          <p className="text-sm text-muted-foreground">{PRODUCT_TAGLINE}. Upload your photos once, try on anything.</p>
          <SocialLinks />
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-6">
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">Product</h2>
            <a href={`#${ANCHORS.howItWorks}`} className={link}>
              How it works
            </a>
            <a href={`#${ANCHORS.pricing}`} className={link}>
              Pricing
            </a>
            <a href={`#${ANCHORS.faq}`} className={link}>
              FAQ
            </a>
          </div>
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">Company</h2>
            <a href={`#${ANCHORS.creators}`} className={link}>
              Creators
            </a>
            <a href={`#${ANCHORS.shops}`} className={link}>
              Retailers
            </a>
          </div>
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">Legal</h2>
            {LEGAL_PAGES.map((p) => (
              <Link key={p.to} to={p.to} className={link}>
                {p.label}
              </Link>
            ))}
          </div>
          <div className="col-span-2 flex flex-col gap-2">
            <h2 className="text-sm font-semibold">Contact</h2>
            <ContactLink />
          </div>
        </nav>
        <NewsletterForm />
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-muted-foreground sm:px-6">
          © {year} {PRODUCT_NAME}. Photos are encrypted and never shared with third parties.
        </p>
      </div>
    </footer>
  );
}
