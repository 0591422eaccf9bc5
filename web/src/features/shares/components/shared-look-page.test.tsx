import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { json, renderPage, stubFetch, toastMock } from '../../../test/page-harness';
import SharedLookPage from './shared-look-page';

const fetchMock = stubFetch();
const share = {
  title: 'Which one?',
  description: '',
  label: 'AI-generated',
  images: [0, 1].map((index) => ({
    index,
    generationId: `g${index}`,
    url: `/img/${index}.jpg`,
    width: 4,
    height: 5,
    styleName: null,
    votes: 0,
    label: 'AI-generated',
  })),
  styles: [],
  owner: null,
  totalVotes: 0,
  myVote: null,
  myReaction: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const sent = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);

function open() {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (init?.method === 'POST' && path.endsWith('/report')) return json({ id: 'r1' }, 201);
    if (init?.method === 'PUT') return json({ ...share, myReaction: 'Love it' });
    return json(share);
  });
  renderPage(
    <Routes>
      <Route path="/l/:token" element={<SharedLookPage />} />
    </Routes>,
    '/l/tok1',
  );
}

describe('SharedLookPage forms', () => {
  it('a blank reaction says "Write a reaction first." and sends nothing; a reaction is sent cleaned', async () => {
    open();
    const input = await screen.findByTestId('reaction-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('reaction-send'));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a reaction first.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sent('PUT')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '  Love   it ' } });
    fireEvent.click(screen.getByTestId('reaction-send'));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(JSON.parse(String(sent('PUT')[0]![1]!.body))).toEqual({ text: 'Love it' });
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Reaction sent' }));
  });

  it('the report needs a reason, refuses invisible characters with the field linked, then sends it', async () => {
    open();
    fireEvent.click(await screen.findByTestId('report-share'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this look' }));
    const send = dialog.getByRole('button', { name: 'Send report' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const reason = dialog.getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'Explicit\u200b' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(await dialog.findByText('The reason cannot contain control or invisible characters')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toHaveLength(0);
    fireEvent.change(reason, { target: { value: ' It shows me without consent ' } });
    fireEvent.click(send);
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(String(sent('POST')[0]![0])).toBe('/api/l/tok1/report');
    expect(JSON.parse(String(sent('POST')[0]![1]!.body))).toEqual({ reason: 'It shows me without consent' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Report sent' }));
  });
});
