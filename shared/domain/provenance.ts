/**
 * How generated images are marked as AI-made (server: functions/lib/provenance.ts; SPA: the "AI-generated"
 * badge and download names). One place for the words and identifiers both sides use.
 */
export const TRAINED_ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
/** The C2PA claim generator (the product, never a person). */
export const AI_GENERATOR_NAME = 'Fitly';
/** The C2PA software agent of the c2pa.created action and the XMP CreatorTool. */
export const AI_SOFTWARE_AGENT = 'Fitly virtual try-on';

export const AI_LABEL = 'AI-generated';
export const AI_LABEL_TOOLTIP =
  'Made by an AI model from your photos. The file carries a signed Content Credentials (C2PA) record that says so.';

/** Download file name of a generated image, e.g. "fitly-ai-generated-summer-linen.jpg". */
export function aiDownloadName(title: string | null | undefined, ext = 'jpg'): string {
  const slug = (title ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `fitly-ai-generated${slug ? `-${slug}` : ''}.${ext}`;
}
