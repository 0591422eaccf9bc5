import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
  hasStoredSession: () => true,
}));

import { json, renderPage, routeFetch, stubFetch, userWithRole } from '../../../test/page-harness';
import MyCollectionsPage from './my-collections-page';

const fetchMock = stubFetch();

describe('creator screens: access', () => {
  it('denies shoppers My Collections', async () => {
    routeFetch(fetchMock, { '/api/auth/user': () => json(userWithRole('shopper')) });
    renderPage(<MyCollectionsPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Access Denied');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/influencer-collections'))).toBe(false);
  });
});
