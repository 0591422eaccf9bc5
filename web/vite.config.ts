import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The local stack (`npm run dev` / `npm start`) serves the API, cognito-local and s3rver on one origin. */
const backend = process.env.VITE_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
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
