import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { json, renderPage, stubFetch, toastMock, userWithRole } from '../../../test/page-harness';
import AdminPromptsPage from './admin-prompts-page';
import { STYLE_PICKER_PAGE_SIZE } from '../../../components/style-picker';

const fetchMock = stubFetch();
const stored = {
  id: 'pt1',
  name: 'Lookbook Minimal',
  description: 'Clean studio look',
  task: 'OUTFIT_TRYON',
  styleCategory: null,
  previewImageUrl: null,
  template: 'A person {{BODY_DESCRIPTION}} in a minimal outfit',
};

const card = (id: string, name: string) => ({
  id,
  name,
  description: null,
  tags: [],
  categoryIds: [],
  sex: 'unisex',
  styleImageType: 'model_wearer',
  coverImageUrl: null,
  promptImageUrl: null,
  usageCount: 0,
  userName: 'Iris',
  createdAt: '2026-01-01T00:00:00.000Z',
});

function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    if (path === '/api/auth/user') return json(userWithRole('admin'));
    if (path === '/api/styles') {
      if (url.searchParams.get('q') === 'linen') return json({ items: [card('s9', 'Linen Suit')], nextCursor: null });
      return json({ items: [card('s1', 'Weekend Denim')], nextCursor: 'c1' });
    }
    if (path === '/api/styles/s9') return json({ ...card('s9', 'Linen Suit'), tasks: [] });
    if (path === '/api/photo-profiles') return json([{ id: 'pp1', name: 'Me', isDefault: true }]);
    if (path === '/api/admin/prompts/test' && init?.method === 'POST')
      return json({ prompt: 'P', fullPayload: {}, imageUrl: null, templateUsed: null });
    if (path === '/api/admin/prompts' && init?.method === 'POST')
      return json({ ...stored, ...JSON.parse(String(init.body)), id: 'pt2' }, 201);
    if (path === '/api/admin/prompts') return json([stored]);
    return json([]);
  });
}
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AdminPromptsPage: the template editor form', () => {
  it('shows the required-field errors after Create, clears them as they are fixed, then posts the trimmed draft', async () => {
    serve();
    renderPage(<AdminPromptsPage />);
    const form = within(await screen.findByRole('form', { name: 'New prompt template' }));
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByText('Name is required')).toBeTruthy();
    expect(form.getByText('Template text is required')).toBeTruthy();
    const name = form.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Name is required');
    expect(posts()).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  Street Night ' } });
    await waitFor(() => expect(form.queryByText('Name is required')).toBeNull());
    expect(form.getByText('Template text is required')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Template text'), { target: { value: 'Night {{BODY_DESCRIPTION}}' } });
    fireEvent.change(form.getByLabelText('Task'), { target: { value: 'OUTFIT_TRYON' } });
    fireEvent.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({
      name: 'Street Night',
      description: '',
      task: 'OUTFIT_TRYON',
      styleCategory: null,
      previewImageUrl: null,
      template: 'Night {{BODY_DESCRIPTION}}',
      creativeBackground: 'original',
      colorGrade: 'none',
    });
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Template created', description: '"Street Night" was saved.' }),
      ),
    );
  });

  it('the tester finds its style by a server search (a page, never the whole list) and sends the chosen one', async () => {
    serve();
    renderPage(<AdminPromptsPage />);
    const tester = within(await screen.findByRole('form', { name: 'Test a prompt' }));
    fireEvent.click(tester.getByRole('button', { name: 'Test prompt' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Missing selection' })),
    );
    await tester.findByRole('radio', { name: /Weekend Denim/ });
    expect(tester.getByRole('button', { name: 'Load more' })).toBeTruthy();
    fireEvent.change(tester.getByRole('searchbox', { name: 'Search styles' }), { target: { value: 'linen' } });
    fireEvent.click(await tester.findByRole('radio', { name: /Linen Suit/ }));
    fireEvent.change(tester.getByLabelText('Photo profile'), { target: { value: 'pp1' } });
    fireEvent.click(tester.getByRole('button', { name: 'Test prompt' }));
    await waitFor(() => expect(posts().some(([u]) => String(u) === '/api/admin/prompts/test')).toBe(true));
    const [, init] = posts().find(([u]) => String(u) === '/api/admin/prompts/test')!;
    expect(JSON.parse(String(init!.body))).toEqual({ styleId: 's9', photoProfileId: 'pp1' });
    const lists = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/styles');
    expect(lists.map((u) => u.searchParams.get('limit'))).toEqual(lists.map(() => String(STYLE_PICKER_PAGE_SIZE)));
  });

  it('selecting a template loads it into the editor', async () => {
    serve();
    renderPage(<AdminPromptsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Lookbook Minimal/ }));
    const form = within(await screen.findByRole('form', { name: 'Edit prompt template' }));
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Lookbook Minimal');
    expect((form.getByLabelText('Description') as HTMLInputElement).value).toBe('Clean studio look');
    expect((form.getByLabelText('Template text') as HTMLTextAreaElement).value).toBe(stored.template);
    expect(form.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
