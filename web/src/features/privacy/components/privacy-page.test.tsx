import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { durationInWords, PRESIGN_SECONDS } from '@shared/domain/image-links';
import PrivacyPage from './privacy-page';

describe('PrivacyPage (issue 39: true words)', () => {
  it('says how long an image link really works, from the signing constant, not "within minutes"', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const item = screen.getByText(/short-lived signed link/).closest('li')!;
    expect(item.textContent).toContain(`at most ${durationInWords(PRESIGN_SECONDS)} after it was handed out`);
    expect(item.textContent).toContain('2 hours');
    expect(item.textContent).not.toMatch(/within minutes/);
  });

  it('lists ratings and reports among what the download holds', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const p = screen.getByText('Download my data').closest('p')!;
    expect(p.textContent).toMatch(/the ratings you gave your looks, the styles and shared looks you reported/);
  });
});
