import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

/**
 * App-wide providers: the query cache. The toast region and the one tooltip provider are mounted by
 * app-layout.tsx (both loaded on demand, to keep them out of the landing page's JavaScript).
 */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
