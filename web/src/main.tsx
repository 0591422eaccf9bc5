import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './lib/runtime-config';
import './index.css';

// GET /api/config at start: auth needs it (tiny, cacheable). A failure is retried when auth asks again.
loadRuntimeConfig().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
