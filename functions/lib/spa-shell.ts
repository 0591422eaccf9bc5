/**
 * The SPA's own tags (its module script, stylesheets, icons, theme script) for pages a function renders
 * itself (the Open Graph page of a shared look, /l/{token}), so the SPA takes over once the HTML is loaded.
 * - In AWS: SPA_TAGS, extracted from web/dist/index.html at synth time (infra/lib/constructs/api.ts).
 * - Locally: SPA_INDEX_FILE, the built index.html the local server serves (read again when it changes).
 */
import { readFileSync, statSync } from 'node:fs';

/** <script src=...></script>, <link ...> and the theme-color meta of a built index.html, in document order. */
export function spaTagsFromIndexHtml(html: string): string {
  const tags =
    html.match(
      /<script\b[^>]*\bsrc=[^>]*><\/script>|<link\b[^>]*>|<meta\s+name="(?:theme-color|color-scheme)"[^>]*>/gi,
    ) ?? [];
  return tags.join('');
}

let cached: { file: string; mtime: number; tags: string } | null = null;

export function spaTags(): string {
  if (process.env.SPA_TAGS) return process.env.SPA_TAGS;
  const file = process.env.SPA_INDEX_FILE;
  if (!file) return '';
  try {
    const mtime = statSync(file).mtimeMs;
    if (cached?.file !== file || cached.mtime !== mtime)
      cached = { file, mtime, tags: spaTagsFromIndexHtml(readFileSync(file, 'utf8')) };
    return cached.tags;
  } catch {
    return '';
  }
}
