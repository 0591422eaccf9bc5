import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
  hasStoredSession: () => true,
}));

import { createQueryClient } from '../../../lib/query-client';
import StyleEditorPage from './style-editor-page';

const user = (role: string) => ({ id: 'u1', email: 'a@example.com', role, currentRole: role, permanentRole: role });
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function routeFetch(handlers: Record<string, (url: URL) => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const h = handlers[url.pathname];
    return h ? h(url) : json({ message: 'unexpected' }, 500);
  });
}

const renderPage = (Page: ComponentType) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const categories = [
  { id: 'c1', name: 'Casual' },
  { id: 'c2', name: 'Chic' },
  { id: 'c3', name: 'Glam' },
  { id: 'c4', name: 'Sporty' },
];

describe('creator screens: access', () => {
  it('denies shoppers the style editor', async () => {
    routeFetch({ '/api/auth/user': () => json(user('shopper')) });
    renderPage(StyleEditorPage);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Access Denied');
    expect(screen.getByText('You need admin or influencer access to view this page.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/admin/'))).toBe(false);
  });
});

describe('style editor form', () => {
  it('keeps save disabled without a prompt image and applies the category rules', async () => {
    routeFetch({
      '/api/auth/user': () => json(user('influencer')),
      '/api/admin/styles': () => json([]),
      '/api/admin/categories': () => json(categories),
      '/api/prompts': () => json([]),
    });
    renderPage(StyleEditorPage);
    const save = (await screen.findByRole('button', { name: 'Create Style' })) as HTMLButtonElement;
    await screen.findByText('No styles yet. Fill in the form to create your first one.');
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Style name'), { target: { value: 'Linen' } });
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Prompt image is required')).toBeTruthy();

    const picker = screen.getByTestId('category-picker');
    await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'c1' } });
    fireEvent.change(picker, { target: { value: 'c1' } });
    expect(screen.getByText('Category already selected')).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'c2' } });
    fireEvent.change(picker, { target: { value: 'c3' } });
    fireEvent.change(picker, { target: { value: 'c4' } });
    expect(screen.getByText('Maximum 3 categories allowed')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Remove (Casual|Chic|Glam)$/ })).toHaveLength(3);

    const tags = screen.getByLabelText('Tags');
    fireEvent.change(tags, { target: { value: 'linen, summer' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Remove linen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove summer' })).toBeTruthy();
  });
});
