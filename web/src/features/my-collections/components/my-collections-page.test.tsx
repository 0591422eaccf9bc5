import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';

import { expectDeniedToShopper, stubFetch } from '../../../test/page-harness';
import MyCollectionsPage from './my-collections-page';

const fetchMock = stubFetch();

describe('creator screens: access', () => {
  it('denies shoppers My Collections', async () => {
    await expectDeniedToShopper(fetchMock, <MyCollectionsPage />, '/api/influencer-collections');
  });

  it('shows a shopper where their saved styles are: Favorites (issue 39)', async () => {
    await expectDeniedToShopper(fetchMock, <MyCollectionsPage />, '/api/influencer-collections');
    expect(screen.getByTestId('access-denied-favorites').getAttribute('href')).toBe('/favorites');
    expect(screen.getByRole('link', { name: 'Browse collections' }).getAttribute('href')).toBe('/collections');
  });
});
