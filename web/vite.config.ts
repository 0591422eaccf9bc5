import { fileURLToPath } from 'node:url';
import { defineConfig, type AliasOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PRODUCT_NAME } from './src/lib/site-config';
import { firstLoadReport } from './build/first-load-report';
import { prerenderPages } from './build/prerender';
import { webAliases } from './build/aliases';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The local stack (`npm run dev` / `npm start`) serves the API, cognito-local and s3rver on one origin. */
const backend = process.env.VITE_BACKEND ?? 'http://localhost:3000';
// zod without its eval JIT (the CSP forbids eval): see src/lib/zod-jitless.ts; then `@/…` and `@shared/…`
// (web/tsconfig.paths.json)
const alias: AliasOptions = [
  { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
  ...webAliases(),
];

/**
 * TensorFlow.js's backends (lazy chunks of the Fitly engine in the browser, src/lib/engine) by their own names, not
 * their folder's ("dist"): the browser tests and the bytes report tell them apart by name.
 */
const engineChunkNames = (chunk: { facadeModuleId: string | null }) => {
  const backend = /\/@tensorflow\/(tfjs-backend-(?:webgl|wasm))\//.exec(chunk.facadeModuleId ?? '');
  return `assets/${backend ? backend[1] : '[name]'}-[hash].js`;
};

export default defineConfig({
  root,
  publicDir: 'public',
  resolve: { alias },
  plugins: [
    react(),
    tailwindcss(),
    // The product name lives in one constant (src/lib/site-config.ts); index.html says %PRODUCT_NAME%.
    { name: 'product-name', transformIndexHtml: (html: string) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME) },
    // what every screen downloads first (.cache/web-first-load.json), held to web/bundle-budgets.ts by a test
    firstLoadReport(),
    // the landing page and the privacy summary as HTML (web/dist/prerendered/*.html) with one small island script,
    // built on its own (a second entry in this build would split the SPA's entry into many more chunks)
    prerenderPages({ alias }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The chunks are split by route (React.lazy) and by aws-amplify (dynamic import in src/lib/auth.ts). No
    // manualChunks: the default splitting of the dynamic imports keeps Amplify, Radix menus and the auth forms out
    // of the SPA's first load, and React out of the prerendered pages' island (web/bundle-budgets.ts).
    chunkSizeWarningLimit: 600,
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        chunkFileNames: engineChunkNames,
      },
    },
  },
  // The Fitly engine's Web Worker (src/lib/engine/engine-worker.ts) is its own build: ES modules, so its lazy
  // chunks (the runtime, TensorFlow.js's backends) stay lazy inside it, named as above.
  worker: {
    format: 'es',
    // minified and stripped of comments like the page's own chunks (the worker build keeps TensorFlow.js's
    // per-file licence headers otherwise: 1.5 MB instead of 0.9)
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: engineChunkNames,
        minify: true,
        comments: false,
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
