import { useEffect } from 'react';
import { documentTitle } from './site-config';

let prerenderedTitle = documentTitle();
/** The title the last page rendered at build time asked for (web/build/prerender.ts puts it in the page's <title>). */
export const lastPrerenderedTitle = (): string => prerenderedTitle;
const notePrerenderedTitle = (title: string): void => {
  prerenderedTitle = title;
};

/** Set the tab title for a page ("<title> · <product>"). */
export function useDocumentTitle(title?: string): void {
  // At build time (react-dom/server: no effects, no document) the prerendered page takes its <title> from here.
  if (typeof document === 'undefined') notePrerenderedTitle(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
