import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, renderPage, stubFetch, toastMock } from '../../../test/page-harness';
import OnboardingPage from './onboarding-page';

const fetchMock = stubFetch();
type Saved = { styles: string[]; brands: string[]; colors: string[] };

/** GET /api/user/preferences answers `saved`; POST /api/preferences answers `posted`. */
function openOnboarding(saved: Saved, posted: Saved = saved) {
  fetchMock.mockImplementation(async (_url, init) =>
    json(init?.method === 'POST' ? { ...posted, onboarded: true } : saved),
  );
  renderPage(
    <Routes>
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="*" element={<p>Next page</p>} />
    </Routes>,
    '/onboarding',
  );
}

const group = (name: string) => within(screen.getByTestId(`onboarding-${name}`));
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('OnboardingPage', () => {
  it('refuses to save without a style, then posts the chosen styles, brands and colours', async () => {
    openOnboarding({ styles: [], brands: [], colors: [] }, { styles: ['casual'], brands: ['Zara'], colors: [] });
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: 'destructive',
          title: 'Select at least one style',
          description: 'Help us understand your preferences',
        }),
      ),
    );
    expect(posts()).toHaveLength(0);

    const casual = group('styles').getByRole('button', { name: /^Casual/ });
    fireEvent.click(casual);
    expect(casual.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(group('brands').getByRole('button', { name: 'Zara' }));
    const navy = group('colors').getByRole('button', { name: 'Navy' });
    fireEvent.click(navy);
    fireEvent.click(navy);
    expect(navy.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('onboarding-submit'));
    await screen.findByText('Next page');
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ styles: ['casual'], brands: ['Zara'], colors: [] });
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Preferences saved!' }));
  });

  it('starts from the saved choices', async () => {
    openOnboarding({ styles: ['minimal'], brands: [], colors: ['navy'] });
    await waitFor(() =>
      expect(
        group('styles')
          .getByRole('button', { name: /^Minimal/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(group('colors').getByRole('button', { name: 'Navy' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      group('styles')
        .getByRole('button', { name: /^Casual/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });
});
