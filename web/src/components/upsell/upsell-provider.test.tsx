import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ERROR_CODES } from '@shared/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PLANS } from '@shared/domain/plans';
import { ApiError } from '../../lib/api-error';
import { limitOfError, subscriptionFrom, UpsellProvider, useUpsell, type UpsellApi } from './upsell-provider';
import { queryKeys } from '../../api/query-keys';

let api: UpsellApi;
function Capture() {
  api = useUpsell();
  return null;
}
function Where() {
  const loc = useLocation();
  return (
    <>
      <p data-testid="path">{loc.pathname}</p>
      <p data-testid="search">{loc.search}</p>
    </>
  );
}

function renderProvider(user: Record<string, unknown> | null = { currentPlan: 'starter', isInfluencer: false }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profiles/new']}>
        <UpsellProvider>
          <Capture />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </UpsellProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const apiError = (status: number, body: unknown) => new ApiError(status, 'Forbidden', JSON.stringify(body));

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('limitOfError', () => {
  it('reads ApiError code, then server message, then Error.message', () => {
    expect(limitOfError(apiError(403, { code: 'limit.photo_profiles', message: 'x' }))).toBe('photo_profiles');
    expect(limitOfError(apiError(403, { message: 'Insufficient credits' }))).toBe('credits');
    expect(limitOfError(new ApiError(402, 'Payment Required', 'Not enough credits'))).toBe('credits');
    expect(limitOfError(new Error('Private style limit reached'))).toBe('private_styles');
    expect(limitOfError({ code: 'limit.publish' })).toBe('publish');
    expect(limitOfError(apiError(400, { code: 'validation', message: 'Profile name is required' }))).toBeNull();
    expect(limitOfError(null)).toBeNull();
    expect(limitOfError(42)).toBeNull();
  });
});

describe('subscriptionFrom', () => {
  it('carries the page (without the checkout round trip parameters), not /subscription itself', () => {
    expect(subscriptionFrom({ pathname: '/style/abc', search: '?canceled=true&x=1' })).toBe(
      '/subscription?returnTo=%2Fstyle%2Fabc%3Fx%3D1',
    );
    expect(subscriptionFrom({ pathname: '/subscription', search: '' })).toBe('/subscription');
  });
});

describe('UpsellProvider', () => {
  it('handleLimitError opens the photo-profiles upsell with the plan numbers and returns true', async () => {
    renderProvider();
    let handled = false;
    act(() => {
      handled = api.handleLimitError(
        apiError(403, { code: 'limit.photo_profiles', message: 'Photo profile limit reached' }),
      );
    });
    expect(handled).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Photo profile limit reached' }, { timeout: 5000 });
    expect(dialog.textContent).toContain(`${PLANS.starter.limits.photoProfiles} photo profiles`);
    expect(dialog.textContent).toContain(
      `The Creator plan includes up to ${PLANS.creator.limits.photoProfiles} photo profiles`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'See plans' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/subscription'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('returns false and opens nothing for other errors', async () => {
    renderProvider();
    let handled = true;
    act(() => {
      handled = api.handleLimitError(apiError(400, { message: 'Body description is required' }));
    });
    expect(handled).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Not now" closes a non-credits upsell without navigating', async () => {
    renderProvider();
    act(() => api.openUpsell('private_styles'));
    await screen.findByRole('dialog', { name: 'Private style limit reached' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('path').textContent).toBe('/profiles/new');
  });

  it('the publish upsell leads to the influencer application', async () => {
    renderProvider();
    act(() => {
      api.handleLimitError(apiError(403, { code: 'limit.publish', message: 'Only influencers can publish' }));
    });
    await screen.findByRole('dialog', { name: 'Publishing is for influencers' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Apply to become an influencer' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/influencer/apply'));
  });

  it('closing the credits upsell with "Not now" navigates to /subscription, carrying the page to come back to', async () => {
    renderProvider();
    act(() => {
      api.handleLimitError(apiError(402, { code: 'limit.credits', message: 'Insufficient credits' }));
    });
    await screen.findByRole('dialog', { name: 'Not enough credits' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/subscription'));
    expect(screen.getByTestId('search').textContent).toBe('?returnTo=%2Fprofiles%2Fnew');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closing the credits upsell with Esc navigates to /subscription', async () => {
    renderProvider();
    act(() => api.openUpsell('credits'));
    const dialog = await screen.findByRole('dialog', { name: 'Not enough credits' }, { timeout: 5000 });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/subscription'));
  });

  it('without a plan, explains the no-plan limits', async () => {
    renderProvider({ currentPlan: 'none', isInfluencer: false });
    act(() => api.openUpsell('photo_profiles'));
    const dialog = await screen.findByRole('dialog', { name: 'Photo profile limit reached' }, { timeout: 5000 });
    expect(dialog.textContent).toContain('Without a plan, your account includes 1 photo profile');
  });
});

describe('upsell copy from the effective limits', () => {
  it('an influencer on Starter is told the influencer limits, and no plan is offered when none would help', async () => {
    renderProvider({ currentPlan: 'starter', isInfluencer: true });
    act(() => api.openUpsell('photo_profiles'));
    const dialog = await screen.findByRole('dialog', { name: 'Photo profile limit reached' }, { timeout: 5000 });
    expect(dialog.textContent).toContain(
      `As an influencer on the Starter plan, your account includes ${PLANS.creator.limits.photoProfiles} photo profiles`,
    );
    expect(dialog.textContent).not.toContain(`Your Starter plan includes`);
    expect(dialog.textContent).toContain('No plan offers more');
    expect(screen.queryByRole('button', { name: 'See plans' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage photo profiles' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/profiles'));
  });

  it('a Creator without upgrade room for private styles gets no plan offer', async () => {
    renderProvider({ currentPlan: 'creator', isInfluencer: false });
    act(() => api.openUpsell('private_styles'));
    const dialog = await screen.findByRole('dialog', { name: 'Private style limit reached' }, { timeout: 5000 });
    expect(dialog.textContent).toContain(
      `Your Creator plan includes ${PLANS.creator.limits.privateStyles} private styles`,
    );
    expect(screen.queryByRole('button', { name: 'See plans' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Manage styles' })).toBeTruthy();
  });

  it('a precondition error (no photo profile yet) is not a limit', () => {
    renderProvider();
    let handled = true;
    act(() => {
      handled = api.handleLimitError(
        apiError(400, { code: ERROR_CODES.profileRequired, message: 'Please create a photo profile first' }),
      );
    });
    expect(handled).toBe(false);
  });
});

describe('useUpsell outside the provider', () => {
  it('does nothing and leaves errors to the caller', () => {
    render(<Capture />);
    expect(api.handleLimitError(apiError(403, { code: 'limit.credits' }))).toBe(false);
  });
});
