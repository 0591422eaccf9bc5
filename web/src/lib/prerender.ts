import { PRERENDERED_ATTRIBUTE } from '@shared/domain/prerendered-pages';

/**
 * True while the page is rendered whole at once: at build time (react-dom/server, no document: web/build/prerender.ts)
 * or when the SPA starts over a page prerendered at build time (its <html> carries PRERENDERED_ATTRIBUTE). Then the
 * landing page renders every section in its first render and nothing replays an entrance animation: the SPA's
 * first render matches the HTML already on screen (no jump).
 */
export function renderingWholePage(): boolean {
  return typeof document === 'undefined' || document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE);
}

/** True in the browser when the SPA starts over a page prerendered at build time (the HTML is already on screen). */
export function takingOverPrerenderedPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE);
}
