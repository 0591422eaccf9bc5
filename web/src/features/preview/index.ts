/**
 * The preview feature (issue 25, grouped in issue 42): "Preview on me", the look drawn on the person's own photo
 * in the browser. Other features import it only through this file (eslint.config.js); it imports no other feature.
 */
export { PreviewOnMe } from './components/preview-on-me';
export type { PreviewLook } from './lib/preview-look';
