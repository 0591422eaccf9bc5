import { BrowserRouter } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { AppLayout } from './app-layout';
import { Providers } from './providers';
import { ScrollManager } from './scroll-manager';

export function App() {
  return (
    <Providers client={queryClient}>
      <BrowserRouter>
        <ScrollManager />
        <AppLayout />
      </BrowserRouter>
    </Providers>
  );
}
