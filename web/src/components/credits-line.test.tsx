import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';

const user = vi.hoisted(() => ({ credits: 1, hasUnlimitedCredits: false }));
vi.mock('../api/current-user', () => ({ useCurrentUser: () => ({ user }) }));

import { CreditsLine } from './credits-line';

describe('CreditsLine', () => {
  it('says "1 credit remaining" for one (issue 39), "credits" otherwise', () => {
    const { unmount } = render(<CreditsLine />);
    expect(screen.getByTestId('credits-remaining').textContent).toBe('You have 1 credit remaining');
    unmount();
    user.credits = 1234;
    render(<CreditsLine />);
    expect(screen.getByTestId('credits-remaining').textContent).toBe('You have 1,234 credits remaining');
  });
});
