/** The dashboard's first steps (issue 39): a minor is not asked for a photo profile; a re-used address is told why. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MIN_PHOTO_PROFILE_AGE } from '@shared/domain/privacy';
import { STARTER_GRANT_USED_MESSAGE } from '@shared/domain/plans';
import { json, renderPage, routeFetch, stubFetch, userWithRole } from '../../../test/page-harness';
import DashboardPage from './dashboard-page';

const fetchMock = stubFetch();

function answer(opts: { ageStatus: 'adult' | 'minor' | null; credits: number; starterGrant: string | null }) {
  routeFetch(fetchMock, {
    '/api/auth/user': () =>
      json({
        ...userWithRole('shopper'),
        firstName: 'Mia',
        credits: opts.credits,
        hasUnlimitedCredits: false,
        starterGrant: opts.starterGrant,
      }),
    '/api/generations': () => json([]),
    '/api/photo-profiles': () => json([]),
    '/api/user/privacy': () =>
      json({ retentionDays: null, ageStatus: opts.ageStatus, photoConsent: { version: 'v1', text: 'ok' } }),
    '/api/styles': () => json({ items: [], nextCursor: null }),
    '/api/collections': () => json([]),
  });
}

describe('DashboardPage first steps', () => {
  it('an adult without a profile is invited to create one, with the free look said', async () => {
    answer({ ageStatus: 'adult', credits: 1, starterGrant: 'granted' });
    renderPage(<DashboardPage />, '/dashboard');
    const prompt = await screen.findByTestId('first-profile-prompt');
    expect(prompt.textContent).toContain('Your first look is free');
    expect(screen.queryByTestId('minor-notice')).toBeNull();
    expect(screen.queryByTestId('no-free-look')).toBeNull();
  });

  it('a minor is told why there is no photo profile and what they can do, never invited to create one', async () => {
    answer({ ageStatus: 'minor', credits: 1, starterGrant: 'granted' });
    renderPage(<DashboardPage />, '/dashboard');
    const notice = await screen.findByTestId('minor-notice');
    expect(within(notice).getByRole('heading').textContent).toBe(
      `Photo profiles are for people ${MIN_PHOTO_PROFILE_AGE} and over`,
    );
    expect(
      within(notice)
        .getByRole('link', { name: /Explore styles/ })
        .getAttribute('href'),
    ).toBe('/explore');
    expect(
      within(notice)
        .getByRole('link', { name: /Your favorites/ })
        .getAttribute('href'),
    ).toBe('/favorites');
    expect(screen.queryByTestId('first-profile-prompt')).toBeNull();
    expect(screen.queryByRole('link', { name: /Create photo profile/ })).toBeNull();
  });

  it('an account whose address already had its free look is told why it has none', async () => {
    answer({ ageStatus: 'adult', credits: 0, starterGrant: 'address-used' });
    renderPage(<DashboardPage />, '/dashboard');
    const notice = await screen.findByTestId('no-free-look');
    expect(notice.textContent).toContain(STARTER_GRANT_USED_MESSAGE);
    expect(within(notice).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    const prompt = await screen.findByTestId('first-profile-prompt');
    expect(prompt.textContent).not.toContain('free');
  });

  it('says nothing about a free look to an account that was never due one', async () => {
    answer({ ageStatus: 'adult', credits: 0, starterGrant: null });
    renderPage(<DashboardPage />, '/dashboard');
    await screen.findByTestId('first-profile-prompt');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/user/privacy'))).toBe(true));
    expect(screen.queryByTestId('no-free-look')).toBeNull();
  });
});
