import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

vi.mock('../../../lib/auth', () => ({
  hasStoredSession: vi.fn(() => false),
  getIdToken: vi.fn(async () => null),
  signIn: vi.fn(async () => ({ status: 'signed-in' })),
  signUp: vi.fn(async () => ({ needsConfirmation: true })),
  confirmSignUp: vi.fn(async () => {}),
  resendCode: vi.fn(async () => {}),
}));
vi.mock('../../../lib/runtime-config', () => ({
  loadRuntimeConfig: vi.fn(async () => ({
    stage: 'local',
    local: true,
    auth: { userPoolId: 'p', userPoolClientId: 'c', region: 'r', localConfirmationCode: '123456' },
  })),
}));

import { confirmSignUp, hasStoredSession, signIn, signUp } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { useCurrentUser } from '../../../api/current-user';
import RegisterPage from './register-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ id: 'u1', email: 'new@example.com' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(hasStoredSession).mockReturnValue(false);
});
afterEach(() => vi.unstubAllGlobals());

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/auth/register']}>
        <Routes>
          <Route path="/auth/register" element={<RegisterPage />} />
          <Route path="/dashboard" element={<p>dashboard here</p>} />
          <Route path="/onboarding" element={<p>onboarding here</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** As app-layout.tsx: once signed in, the routes remount inside the signed-in providers (another parent). */
function RemountingShell() {
  const { isAuthenticated } = useCurrentUser();
  const routes = (
    <Routes>
      <Route path="/auth/register" element={<RegisterPage />} />
      <Route path="/dashboard" element={<p>dashboard here</p>} />
      <Route path="/onboarding" element={<p>onboarding here</p>} />
    </Routes>
  );
  return isAuthenticated ? <section>{routes}</section> : <div>{routes}</div>;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Grace Hopper's details, sent with "Create account". */
function createAccount() {
  fill('First name', 'Grace');
  fill('Last name', 'Hopper');
  fill('Email', 'new@example.com');
  fill('Password', 'Demo-pass-1');
  fill('Date of birth', '1990-04-12');
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('register page', () => {
  it('shows the password policy and validates every field', async () => {
    show();
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
    expect(screen.getByText('One uppercase letter')).toBeTruthy();
    expect(screen.getByText('One lowercase letter')).toBeTruthy();
    expect(screen.getByText('One number')).toBeTruthy();
    fill('Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your first name')).toBeTruthy();
    expect(screen.getByText('Enter your last name')).toBeTruthy();
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Enter your date of birth')).toBeTruthy();
    fill('Password', 'abcdefgh1');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Add an uppercase letter')).toBeTruthy();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('registers, asks for the code (local mode shows it), confirms, signs in and is offered onboarding', async () => {
    vi.mocked(signIn).mockImplementationOnce(async () => {
      vi.mocked(hasStoredSession).mockReturnValue(true);
      return { status: 'signed-in' };
    });
    show();
    createAccount();
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
    expect(signUp).toHaveBeenCalledWith({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'new@example.com',
      password: 'Demo-pass-1',
    });
    expect((await screen.findByTestId('local-code-note')).textContent).toBe(
      'Local mode: your confirmation code is 123456',
    );
    fill('Confirmation code', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    fill('Confirmation code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('onboarding here')).toBeTruthy();
    expect(confirmSignUp).toHaveBeenCalledWith('new@example.com', '123456');
    expect(signIn).toHaveBeenCalledWith('new@example.com', 'Demo-pass-1');
    // the age statement goes to our API once signed in (never to the identity provider)
    const age = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/age');
    expect(age).toBeTruthy();
    expect(JSON.parse(String(age![1]!.body))).toEqual({ birthDate: '1990-04-12' });
  });

  it('goes on to onboarding when the page remounts as the session appears (not to the dashboard as if signed in before)', async () => {
    vi.mocked(signIn).mockImplementationOnce(async () => {
      vi.mocked(hasStoredSession).mockReturnValue(true);
      return { status: 'signed-in' };
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/auth/register']}>
          <RemountingShell />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    createAccount();
    await screen.findByLabelText('Confirmation code');
    fill('Confirmation code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('onboarding here')).toBeTruthy();
    expect(screen.queryByText('dashboard here')).toBeNull();
  });
});
