import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

vi.mock('../../../lib/auth', () => ({
  hasStoredSession: vi.fn(() => false),
  getIdToken: vi.fn(async () => null),
  signIn: vi.fn(),
}));

import { hasStoredSession, signIn } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import LoginPage from './login-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(signIn).mockReset();
  vi.mocked(hasStoredSession).mockReturnValue(false);
});
afterEach(() => vi.unstubAllGlobals());

const show = (path = '/auth/login') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth/login" element={<LoginPage />} />
          <Route path="/dashboard" element={<p>dashboard here</p>} />
          <Route path="/gallery" element={<p>gallery here</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('login page', () => {
  it('validates the fields with clear messages', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });

  it('shows Cognito errors inline', async () => {
    vi.mocked(signIn).mockRejectedValueOnce(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    show();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'Wrong-pass-1');
  });

  it('after signing in, refetches the user and goes to returnTo', async () => {
    vi.mocked(signIn).mockImplementationOnce(async () => {
      vi.mocked(hasStoredSession).mockReturnValue(true);
      return { status: 'signed-in' };
    });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 'u1', email: 'ada@example.com' }), { status: 200 }));
    show('/auth/login?returnTo=%2Fgallery');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('gallery here')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/auth/user')).toBe(true));
  });

  it('ignores an off-site returnTo', async () => {
    vi.mocked(signIn).mockImplementationOnce(async () => {
      vi.mocked(hasStoredSession).mockReturnValue(true);
      return { status: 'signed-in' };
    });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 'u1', email: 'ada@example.com' }), { status: 200 }));
    show('/auth/login?returnTo=%2F%2Fevil.example');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard here')).toBeTruthy();
  });
});
