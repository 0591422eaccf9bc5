/** /profiles for a person under 18 (issue 39): why there is no profile, what to do, and no "New Profile". */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, renderPage, routeFetch, stubFetch, userWithRole } from '../../../test/page-harness';
import ProfilesPage from './profiles-page';

const fetchMock = stubFetch();

const answer = (ageStatus: 'adult' | 'minor' | null) =>
  routeFetch(fetchMock, {
    '/api/auth/user': () => json(userWithRole('shopper')),
    '/api/photo-profiles': () => json([]),
    '/api/user/privacy': () => json({ retentionDays: null, ageStatus, photoConsent: { version: 'v1', text: 'ok' } }),
  });

describe('ProfilesPage', () => {
  it('a minor sees the reason and where to go instead, and is offered no new profile', async () => {
    answer('minor');
    renderPage(<ProfilesPage />, '/profiles');
    const notice = await screen.findByTestId('minor-notice');
    expect(
      within(notice)
        .getByRole('link', { name: /Your favorites/ })
        .getAttribute('href'),
    ).toBe('/favorites');
    expect(screen.queryByRole('link', { name: /New Profile|Create your first profile/ })).toBeNull();
  });

  it('an adult with no profile is offered one', async () => {
    answer('adult');
    renderPage(<ProfilesPage />, '/profiles');
    expect(await screen.findByRole('link', { name: /Create your first profile/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /New Profile/ })).toBeTruthy();
    expect(screen.queryByTestId('minor-notice')).toBeNull();
  });
});
