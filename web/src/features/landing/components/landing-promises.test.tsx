/** Issue 39, "every promise leads somewhere": the landing's calls lead to what they name, and nothing to `#`. */
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CONTACT_EMAIL } from '../../../lib/site-config';
import { FaqSection } from './faq-section';
import FaqPage, { ALL_FAQ_ITEMS } from './faq-page';
import { FAQ_ITEMS, MORE_FAQ_ITEMS } from './landing-content';
import { RetailerPromo, ShopperPromo, StylistPromo } from './promos';
import { Testimonials } from './testimonials';

const show = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const hrefs = (root: HTMLElement) => [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));

describe('landing promises', () => {
  it("promises favourites (which exist), not shoppers' own collections (which do not)", () => {
    show(<ShopperPromo />);
    const promo = screen.getByTestId('shopper-promo');
    expect(promo.textContent).not.toMatch(/into collections|collections of favourites/i);
    expect(within(promo).getByText('Keep the styles you love in Favorites')).toBeTruthy();
  });

  it('the retailer call writes to the team and says the beta is not in the app yet (no influencer application)', () => {
    show(<RetailerPromo />);
    const promo = screen.getByTestId('retailer-promo');
    const cta = within(promo).getByRole('link', { name: /retailer beta/i });
    expect(cta.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}?subject=Retailer%20beta`);
    expect(hrefs(promo)).not.toContain('/influencer/apply');
    expect(promo.textContent).toContain('none of it is part of the app yet');
  });

  it('the stylist call names no "Pro Stylist tools" and lists only what the app does', () => {
    show(<StylistPromo />);
    const promo = screen.getByTestId('stylist-promo');
    expect(promo.textContent).not.toMatch(/pro stylist|lookbook|comments/i);
    expect(
      within(promo)
        .getByRole('link', { name: /Start free/ })
        .getAttribute('href'),
    ).toBe('/auth/register');
  });

  it('has no link to "#": stories are not promised, "View all FAQs" opens the FAQ page', () => {
    const { container } = show(
      <>
        <Testimonials />
        <FaqSection />
      </>,
    );
    expect(hrefs(container)).not.toContain('#');
    expect(screen.queryByText(/see more stories/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'View all FAQs' }).getAttribute('href')).toBe('/faq');
    // the audience cards quote nobody: no invented names or quotation marks
    expect(screen.getByTestId('testimonials').querySelector('blockquote')).toBeNull();
  });

  it('the FAQ page answers every question of the landing and more, each once', () => {
    show(<FaqPage />);
    const page = screen.getByTestId('faq-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Frequently asked questions');
    const questions = within(page)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(questions).toEqual(ALL_FAQ_ITEMS.map((i) => i.question));
    expect(questions.length).toBe(FAQ_ITEMS.length + MORE_FAQ_ITEMS.length);
    expect(new Set(ALL_FAQ_ITEMS.map((i) => i.id)).size).toBe(ALL_FAQ_ITEMS.length);
    for (const item of ALL_FAQ_ITEMS) expect(item.answer.length).toBeGreaterThan(40);
    expect(hrefs(page)).not.toContain('#');
  });
});
