/**
 * The pages of shared/domain/prerendered-pages.ts (the landing page, the privacy summary) rendered to HTML at build
 * time (issue 28: "a landing page that paints at once"). After the SPA's build, the SPA's own components render each
 * page in Node (src/app/render-page.tsx, loaded through a Vite SSR loader with the same aliases), and the page is
 * written to web/dist/prerendered/<name>.html from the built index.html: the same head (CSS, theme-init.js), the
 * rendered page in #root, and instead of the SPA's entry one small script, src/island/page-island.ts (an external
 * hashed file: the CSP stays script-src 'self'), which loads the SPA when the visitor goes further.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, createServer, type AliasOptions, type Plugin } from 'vite';
import type { renderPage as RenderPage } from '../src/app/render-page';
import { addIslandToReport } from './first-load-report';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES, SPA_ENTRY_ATTRIBUTE } from '../../shared/domain/prerendered-pages';

export const ISLAND_ENTRY = 'src/island/page-island.ts';

/** One substitution in the built index.html; the build fails when the template no longer has what it replaces. */
function replaceOnce(html: string, pattern: RegExp, by: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${what}`);
  return html.replace(pattern, () => by);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A prerendered page from the built index.html: its HTML in #root, the island instead of the SPA's entry. */
export function pageHtml(template: string, page: { html: string; title: string }, islandFile: string): string {
  let html = template;
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, '<title>');
  // the SPA's entry and what it preloads: loaded by the island when the visitor goes further (it finds the entry's
  // URL in SPA_ENTRY_ATTRIBUTE: no import() of it in the island's code, which would change how the SPA is chunked)
  const entry = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('prerender: index.html has no entry script');
  html = html.replace(entry[0], '');
  html = replaceOnce(
    html,
    /<html lang="en">/,
    `<html lang="en" ${PRERENDERED_ATTRIBUTE} ${SPA_ENTRY_ATTRIBUTE}="${entry[1]}">`,
    '<html>',
  );
  html = html.replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+">/g, '');
  html = replaceOnce(
    html,
    /<\/head>/,
    `  <script type="module" crossorigin src="/${islandFile}"></script>\n  </head>`,
    '</head>',
  );
  html = replaceOnce(
    html,
    /<div id="root">[\s\S]*?<\/div>\s*<noscript>[\s\S]*?<\/noscript>/,
    `<div id="root"><div data-static-page>${page.html}</div></div>`,
    '#root placeholder and <noscript>',
  );
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error('prerender: an inline script (the CSP forbids it)');
  return html;
}

/** The island script, built on its own (no chunk shared with the SPA): one file, assets/island-<hash>.js. */
async function buildIsland(root: string, outDir: string, alias: AliasOptions): Promise<{ file: string; code: string }> {
  const out = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: path.join(root, ISLAND_ENTRY),
        output: { entryFileNames: 'assets/island-[hash].js' },
      },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  const chunks = outputs.flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry || chunks.length !== 1) throw new Error(`prerender: the island should be one file (${chunks.length})`);
  return { file: entry.fileName, code: entry.code };
}

export function prerenderPages({ alias }: { alias: AliasOptions }): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const island = await buildIsland(root, outDir, alias);
      addIslandToReport(island.file, island.code);
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        resolve: { alias },
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderPage }: { renderPage?: typeof RenderPage } =
          await server.ssrLoadModule('/src/app/render-page.tsx');
        if (!renderPage) throw new Error('prerender: src/app/render-page.tsx has no renderPage');
        for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
          const out = path.join(outDir, file);
          mkdirSync(path.dirname(out), { recursive: true });
          writeFileSync(out, pageHtml(template, await renderPage(pathname), island.file));
        }
      } finally {
        await server.close();
      }
    },
  };
}
