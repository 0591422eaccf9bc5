import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PRODUCT_NAME } from './src/lib/site-config';
import { firstLoadReport } from './build/first-load-report';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The local stack (`npm run dev` / `npm start`) serves the API, cognito-local and s3rver on one origin. */
const backend = process.env.VITE_BACKEND ?? 'http://localhost:3000';

/**
 * The landing page is a lazy route chunk, but it is what most first visits render: preload it (and the
 * chunks it imports) from index.html so it downloads in parallel with the entry instead of after it.
 */
function preloadLandingChunk(): Plugin {
  return {
    name: 'preload-landing-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const landing = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/features/landing/components/landing-page.tsx'),
        );
        if (!landing || landing.type !== 'chunk') return html;
        const files = new Set<string>();
        const visit = (name: string) => {
          const c = bundle[name];
          if (files.has(name) || !c || c.type !== 'chunk') return;
          files.add(name);
          c.imports.forEach(visit);
        };
        visit(landing.fileName);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((f) => !html.includes(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: 'public',
  // zod without its eval JIT (the CSP forbids eval): see src/lib/zod-jitless.ts
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    tailwindcss(),
    // The product name lives in one constant (src/lib/site-config.ts); index.html says %PRODUCT_NAME%.
    { name: 'product-name', transformIndexHtml: (html: string) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME) },
    preloadLandingChunk(),
    // what every screen downloads first (.cache/web-first-load.json), held to web/bundle-budgets.ts by a test
    firstLoadReport(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Landing first-load budget is about 120 KB gzip; the chunks are split by route (React.lazy) and
    // by aws-amplify (dynamic import in src/lib/auth.ts). No manualChunks: the default splitting of
    // the dynamic imports keeps Amplify, Radix menus and the auth forms out of the landing page.
    chunkSizeWarningLimit: 600,
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        // TensorFlow.js's backends (lazy chunks of the Fitly engine in the browser, src/lib/engine) by their own
        // names, not their folder's ("dist"): the browser tests and the bytes report tell them apart by name
        chunkFileNames: (chunk) => {
          const backend = /\/@tensorflow\/(tfjs-backend-(?:webgl|wasm))\//.exec(chunk.facadeModuleId ?? '');
          return `assets/${backend ? backend[1] : '[name]'}-[hash].js`;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/cognito': { target: backend, changeOrigin: false },
      '/s3': { target: backend, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
