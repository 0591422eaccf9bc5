import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import FileWarning from 'lucide-react/icons/file-warning';
import { LEGAL_PAGES } from '../../../components/legal-links';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PLACEHOLDER_PREFIX } from '../lib/legal-facts';

/** A blank the operator must fill in before launch: highlighted, so it cannot pass for the real thing. */
export function Blank({ children }: { children: string }) {
  return (
    <mark
      data-testid="legal-blank"
      className="rounded bg-amber-100 px-1 text-amber-950 dark:bg-amber-900/70 dark:text-amber-50"
    >
      {PLACEHOLDER_PREFIX} {children}]
    </mark>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="flex flex-col gap-3 leading-relaxed text-muted-foreground [&_a]:text-foreground [&_a]:underline [&_a]:underline-offset-2 [&_strong]:text-foreground">
        {children}
      </div>
    </section>
  );
}

/**
 * The frame of the Terms, the refund policy and the imprint (issue 39): the facts the product knows (plans,
 * packs, what is refunded) are filled in from its rules; the operator's own details and the legal wording are
 * a template, said so at the top and marked where they are blank.
 */
export function LegalPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-12 sm:px-6">
      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-lg text-muted-foreground">{lead}</p>
        <div
          role="note"
          data-testid="legal-template-notice"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50"
        >
          <FileWarning className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            <strong>Template for the operator to complete.</strong> The prices, credits and refund rules below are the
            ones this service applies. The operator&rsquo;s details and the legal wording are a draft: the highlighted
            blanks must be filled in, and the whole text reviewed by a lawyer, before it binds anyone.
          </p>
        </div>
      </header>
      {children}
      <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2 border-t border-border pt-6 text-sm">
        {LEGAL_PAGES.map((p) => (
          <Link
            key={p.to}
            to={p.to}
            className="text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
          >
            {p.label}
          </Link>
        ))}
      </nav>
    </article>
  );
}

/** The price list of the Terms and the refund policy. */
export function PriceList({ lines }: { lines: { name: string; price: string; detail: string }[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {lines.map((l) => (
        <li key={l.name}>
          <strong>{l.name}</strong>: {l.price} ({l.detail})
        </li>
      ))}
    </ul>
  );
}
