import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { TOAST_DURATION_MS, dismissToast, toast } from './use-toast';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time (a new one replaces the current one)', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    act(() => {
      toast({ title: 'Role switched', description: 'Your role has been updated successfully' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Role switched')).toBeTruthy();
    expect(screen.getByText('Your role has been updated successfully')).toBeTruthy();
  });

  it('renders the destructive variant', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Error', description: 'Failed to switch role', variant: 'destructive' });
    });
    const title = screen.getByText('Error');
    expect(title.closest('[data-variant]')!.getAttribute('data-variant')).toBe('destructive');
  });

  it('lasts 5000 ms and has an F8 notifications region', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeTruthy();
  });
});
