import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { json, routeFetch, stubFetch, toastMock } from '../../../test/page-harness';
import { createQueryClient } from '../../../lib/query-client';
import { resetSpendConfirmMemory } from '../../../lib/spend-confirm';
import { UpsellProvider } from '../../../components/upsell/upsell-provider';
import { useStartAndOpen, type StartAndOpenArgs } from './use-start-and-open';
import { GENERATION_STARTED } from '../lib/start-texts';

const fetchMock = stubFetch();
const USER = { id: 'u1', email: 'a@example.com', role: 'shopper', currentRole: 'shopper', credits: 5 };
const REQUEST: StartAndOpenArgs['request'] = {
  kind: 'quick-try-custom',
  imageUrl: '/api/private-image/look.jpg',
  imageType: 'product_only',
  photoProfileId: 'pp1',
  mode: 'exact',
};
const SPEND = { cost: 1, action: 'Generate Look', does: 'renders this outfit on your photo' };

function Starter(props: Omit<StartAndOpenArgs, 'request' | 'spend'>) {
  const { startAndOpen, isPending, spendDialog } = useStartAndOpen();
  return (
    <>
      <button
        type="button"
        disabled={isPending}
        onClick={() => startAndOpen({ request: REQUEST, spend: SPEND, ...props })}
      >
        Start
      </button>
      {spendDialog}
    </>
  );
}

function ProgressPage() {
  return <h1>progress of {useParams().id}</h1>;
}

const renderStarter = (props: Omit<StartAndOpenArgs, 'request' | 'spend'> = {}) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/try']}>
        <UpsellProvider>
          <Routes>
            <Route path="/try" element={<Starter {...props} />} />
            <Route path="/generation/:id" element={<ProgressPage />} />
          </Routes>
        </UpsellProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const starts = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/generate/quick-try');
let answer: () => Response = () => json({ id: 'g 1' }, 201);

// the spend question and the upsell are lazy chunks: load them once, before the first test waits for them
beforeAll(async () => {
  await Promise.all([
    import('../../../components/spend-confirm-dialog'),
    import('../../../components/upsell/upsell-dialog'),
  ]);
});
beforeEach(() => {
  resetSpendConfirmMemory();
  answer = () => json({ id: 'g 1' }, 201);
  routeFetch(fetchMock, {
    '/api/auth/user': () => json(USER),
    '/api/generate/quick-try': () => answer(),
  });
});
afterEach(cleanup);

/** Click Start: the question asks before anything is sent; answer yes. */
async function startAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Start' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
  expect(starts()).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Spend 1 credit' }));
}

describe('useStartAndOpen', () => {
  it('asks before spending, starts with an idempotency key, says it started and opens the progress page', async () => {
    renderStarter();
    await startAndConfirm();
    expect(await screen.findByRole('heading', { name: 'progress of g 1' })).toBeTruthy();
    expect(starts()).toHaveLength(1);
    const init = starts()[0]![1]!;
    expect(JSON.parse(String(init.body))).toMatchObject({ imageUrl: REQUEST.imageUrl, photoProfileId: 'pp1' });
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/\S{8,}/);
    expect(toastMock).toHaveBeenCalledWith(GENERATION_STARTED);
  });

  it('cancelling the question starts nothing', async () => {
    renderStarter();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Spend 1 credit?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(starts()).toHaveLength(0);
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('says the page’s own "started" toast when given one', async () => {
    const started = { title: 'Outfit started!', description: 'Rendering.' };
    renderStarter({ started });
    await startAndConfirm();
    await screen.findByRole('heading', { name: 'progress of g 1' });
    expect(toastMock).toHaveBeenCalledWith(started);
    expect(toastMock).not.toHaveBeenCalledWith(GENERATION_STARTED);
  });

  it('a failure stays on the page and says why, under the page’s title', async () => {
    answer = () => json({ message: 'The photo could not be read', code: 'image.unreadable' }, 422);
    renderStarter({ errorTitle: 'Quick Try failed' });
    await startAndConfirm();
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Quick Try failed',
        description: 'The photo could not be read',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByRole('heading', { name: /progress/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
  });

  it('a limit opens its upsell instead of a toast', async () => {
    answer = () => json({ message: 'Insufficient credits', code: 'limit.credits' }, 402);
    renderStarter();
    await startAndConfirm();
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    expect(toastMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: /progress/ })).toBeNull();
  });

  it('a failure the page handles itself is neither toasted nor upsold', async () => {
    answer = () => json({ message: 'Create a profile first', code: 'profile.required' }, 400);
    const onError = vi.fn(() => true);
    renderStarter({ onError });
    await startAndConfirm();
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(toastMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
