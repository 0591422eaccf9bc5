/**
 * Pages prerendered to HTML at build time (issue 28: "a landing page that paints at once"), by clean URL: the file
 * under web/dist each is served from. web/build/prerender.ts writes them; the local server (infra/local/api-server.ts)
 * and CloudFront's viewer-request function (infra/lib/constructs/web.ts) serve them at these exact paths, every other
 * extension-less path falling back to the SPA's index.html as before.
 */
export const PRERENDERED_PAGES = {
  '/': '/prerendered/landing.html',
  '/privacy': '/prerendered/privacy.html',
} as const satisfies Record<string, `/prerendered/${string}.html`>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The prerendered file of a request path, or undefined (the SPA's index.html answers it). */
export function prerenderedFileOf(pathname: string): string | undefined {
  const byPath: Readonly<Record<string, string>> = PRERENDERED_PAGES;
  return Object.hasOwn(byPath, pathname) ? byPath[pathname] : undefined;
}

/** The attribute on <html> of a prerendered page: the SPA, when it starts there, renders the whole page at once. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The attribute on <html> of a prerendered page naming the SPA's entry script, which its island loads on demand. */
export const SPA_ENTRY_ATTRIBUTE = 'data-spa-entry';
