import { describe, it } from 'vitest';

import { expectDeniedToShopper, stubFetch } from '../../../test/page-harness';
import MyCollectionsPage from './my-collections-page';

const fetchMock = stubFetch();

describe('creator screens: access', () => {
  it('denies shoppers My Collections', async () => {
    await expectDeniedToShopper(fetchMock, <MyCollectionsPage />, '/api/influencer-collections');
  });
});
