import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NEWSLETTER } from '../../../lib/site-config';
import { NewsletterForm } from './newsletter-form';

describe('NewsletterForm', () => {
  it('flags an invalid address (linked to the field), clears it on edit, then thanks for a valid one', async () => {
    render(<NewsletterForm />);
    const input = screen.getByLabelText('Email address');
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: NEWSLETTER.button }));

    const error = await screen.findByText('Enter a valid email address.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);

    fireEvent.change(input, { target: { value: 'not-an-email-either' } });
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).toBeNull());
    expect(input.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(input, { target: { value: '  sam@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: NEWSLETTER.button }));
    expect((await screen.findByRole('status')).textContent).toBe(NEWSLETTER.success);
  });
});
