import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '../../../api/query-keys';
import { PHOTO_CHECK_TEXTS } from '@shared/domain/body-check';
import { REFUSAL_MESSAGES } from '@shared/engine/checks/refusal';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

vi.mock('../../../lib/auth', async (orig) => ({
  ...(await orig<typeof import('../../../lib/auth')>()),
  getIdToken: vi.fn(async () => 'test-token'),
}));
const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../../components/use-toast', async (orig) => ({
  ...(await orig<typeof import('../../../components/use-toast')>()),
  toast: toastMock,
}));

// The direct upload (presign + XHR to S3) is its own unit (image-upload tests); here: which file, in which order.
const uploadMock = vi.hoisted(() => vi.fn());
vi.mock('../../../components/image-upload/direct-upload', () => ({ uploadToQuarantine: uploadMock }));

// The engine's check of a picked photo (TensorFlow.js in the browser) is its own unit (e2e): here, its verdicts.
const photoCheckMock = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/engine/photo-check', () => ({ checkPersonPhoto: photoCheckMock }));

import { UpsellProvider } from '../../../components/upsell/upsell-provider';
import ProfileFormPage from './profile-form-page';

const fetchMock = vi.fn<typeof fetch>();
const CONSENT = {
  version: 'photo-consent-test-v1',
  text: 'These photos show me, or someone who is 18 or older and has agreed that I upload them.',
};
/** GET /api/user/privacy: what the consent step reads (an adult unless a test says otherwise). */
let privacy: { retentionDays: null; ageStatus: 'adult' | 'minor' | null; photoConsent: typeof CONSENT };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const stored = {
  id: 'p1',
  name: 'Everyday',
  gender: 'female',
  bodyDescription: 'Athletic build, 172 cm, size M',
  portraitUrl: 'https://img.test/portrait.jpg',
  fullBodyUrl: 'https://img.test/full.jpg',
  isDefault: true,
  supportsNano: true,
  supportsFashn: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        queryFn: async ({ queryKey }) => (await fetch(String(queryKey[0]))).json(),
      },
    },
  });
  client.setQueryData(queryKeys.currentUser, { currentPlan: 'starter', isInfluencer: false });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <UpsellProvider>
          <Routes>
            <Route path="/profiles/new" element={<ProfileFormPage />} />
            <Route path="/profiles/:id/edit" element={<ProfileFormPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </UpsellProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const file = (name = 'me.jpg', type = 'image/jpeg', size = 1000) => new File([new Uint8Array(size)], name, { type });
const fileInput = (name: string) => document.querySelector<HTMLInputElement>(`input[type=file][name=${name}]`)!;

async function fillValidForm() {
  fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: '  Me  ' } });
  fireEvent.change(fileInput('portrait'), { target: { files: [file()] } });
  await screen.findByRole('img', { name: 'Portrait photo preview' });
  fireEvent.change(screen.getByLabelText('Body description'), { target: { value: 'Slim build, 168 cm, size S' } });
  const consent = await screen.findByRole('checkbox', { name: new RegExp(CONSENT.text.slice(0, 20)) });
  await waitFor(() => expect((consent as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(consent);
}

beforeEach(() => {
  photoCheckMock.mockReset();
  photoCheckMock.mockResolvedValue({ status: 'ok', backend: 'wasm', ms: 1 });
  uploadMock.mockReset();
  uploadMock.mockImplementation(async (f: File, purpose: string, onProgress?: (p: number) => void) => {
    onProgress?.(50);
    return { uploadId: `${purpose}.${f.name}` };
  });
  fetchMock.mockReset();
  toastMock.mockReset();
  privacy = { retentionDays: null, ageStatus: 'adult', photoConsent: CONSENT };
  vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) =>
    String(url) === '/api/user/privacy' ? Promise.resolve(json(privacy)) : fetchMock(url, init),
  );
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('ProfileFormPage (create)', () => {
  it('enables Create Profile only when name, portrait and a 20-character description are there, then uploads the portrait and posts its upload id', async () => {
    let sent: Record<string, unknown> | undefined;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/photo-profiles' && init?.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return json(stored, 201);
      }
      return json([]);
    });
    renderAt('/profiles/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create Photo Profile');
    const save = screen.getByRole('button', { name: 'Create Profile' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Gender') as HTMLSelectElement).value).toBe('unisex');

    fireEvent.change(screen.getByLabelText('Body description'), { target: { value: 'Slim' } });
    expect(screen.getByText(/^4 \/ 20/)).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('Body description'));
    // react-hook-form validates through the zod resolver (a promise): the message comes a tick after the blur
    expect(await screen.findByText('Body description must be at least 20 characters')).toBeTruthy();
    const body = screen.getByLabelText('Body description');
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(body.getAttribute('aria-describedby')).toContain(screen.getByText(/must be at least 20/).id);

    await fillValidForm();
    expect(screen.queryByText('Body description must be at least 20 characters')).toBeNull();
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/profiles'));
    expect(sent).toBeTruthy();
    expect(sent!.name).toBe('Me');
    expect(sent!.gender).toBe('unisex');
    expect(sent!.bodyDescription).toBe('Slim build, 168 cm, size S');
    expect(uploadMock).toHaveBeenCalledTimes(1);
    expect((uploadMock.mock.calls[0]![0] as File).name).toBe('me.jpg');
    expect(uploadMock.mock.calls[0]![1]).toBe('photo_profile');
    expect(sent!.portraitUploadId).toBe('photo_profile.me.jpg');
    expect(sent!.fullBodyUploadId).toBeUndefined();
    expect(sent!.removeFullBody).toBeUndefined();
    expect(sent!.consent).toBe(CONSENT.version);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Profile created' }));
  });

  it('without the consent ticked, Create Profile stays disabled', async () => {
    fetchMock.mockImplementation(async () => json([]));
    renderAt('/profiles/new');
    await fillValidForm();
    const save = screen.getByRole('button', { name: 'Create Profile' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(CONSENT.text.slice(0, 20)) }));
    expect(save.disabled).toBe(true);
  });

  it('a known minor is told why no profile can be made and what to do instead, with no form (issue 39)', async () => {
    privacy.ageStatus = 'minor';
    fetchMock.mockImplementation(async () => json([]));
    renderAt('/profiles/new');
    const notice = await screen.findByTestId('minor-notice');
    expect(notice.textContent).toContain('Photo profiles are for people 18 and over');
    expect(screen.getByRole('link', { name: /Explore styles/ }).getAttribute('href')).toBe('/explore');
    expect(screen.queryByLabelText('Profile name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Profile' })).toBeNull();
  });

  it('asks for a date of birth when none is on file, records it first, and stops a minor', async () => {
    privacy.ageStatus = null;
    const calls: string[] = [];
    uploadMock.mockImplementation(async (f: File, purpose: string) => {
      calls.push(`UPLOAD ${purpose}`);
      return { uploadId: `${purpose}.${f.name}` };
    });
    fetchMock.mockImplementation(async (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
      if (url === '/api/user/age') return json({ ageStatus: 'adult' });
      if (url === '/api/photo-profiles' && init?.method === 'POST') return json(stored, 201);
      return json([]);
    });
    renderAt('/profiles/new');
    const dob = await screen.findByLabelText('Date of birth');
    const young = `${new Date().getUTCFullYear() - 15}-06-01`;
    fireEvent.change(dob, { target: { value: young } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Photo profiles are for people 18 and over. You can still explore styles and collections.',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.change(dob, { target: { value: '1992-03-04' } });
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/profiles'));
    // the age is recorded before any photo leaves the browser
    expect(calls.filter((c) => c.startsWith('POST') || c.startsWith('UPLOAD'))).toEqual([
      'POST /api/user/age',
      'UPLOAD photo_profile',
      'POST /api/photo-profiles',
    ]);
    const ageCall = fetchMock.mock.calls.find(([u]) => u === '/api/user/age')!;
    expect(JSON.parse(String(ageCall[1]!.body))).toEqual({ birthDate: '1992-03-04' });
  });

  it('checks a picked photo in the browser: Create Profile waits for the check and stays disabled when it refuses', async () => {
    fetchMock.mockImplementation(async () => json([]));
    let answer: (v: unknown) => void = () => {};
    photoCheckMock.mockImplementationOnce(
      (_f: File, kind: string, onProgress: (p: { loaded: number; total: number }) => void) => {
        expect(kind).toBe('portrait');
        onProgress({ loaded: 3_000_000, total: 13_000_000 });
        return new Promise((resolve) => (answer = resolve));
      },
    );
    renderAt('/profiles/new');
    await fillValidForm();
    const save = screen.getByRole('button', { name: 'Create Profile' }) as HTMLButtonElement;
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(PHOTO_CHECK_TEXTS.checking);
    expect(screen.queryByTestId('photo-check-passed')).toBeNull();
    expect(
      screen
        .getByRole('progressbar', { name: /Portrait photo: Loading the photo check/ })
        .getAttribute('aria-valuenow'),
    ).toBe('23');
    expect(screen.getByText(PHOTO_CHECK_TEXTS.checkingSave)).toBeTruthy();
    expect(save.disabled).toBe(true);
    answer({ status: 'refused', message: REFUSAL_MESSAGES.no_face, backend: 'wasm', ms: 1 });
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL_MESSAGES.no_face);
    expect(screen.getByText(PHOTO_CHECK_TEXTS.refusedSave)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(uploadMock).not.toHaveBeenCalled();

    // another photo that passes: the refusal goes, the form can be saved
    fireEvent.change(fileInput('portrait'), { target: { files: [file('me-2.jpg')] } });
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    // a passed check is said, in a live region (issue 39: it was silent)
    const passed = screen.getByTestId('photo-check-passed');
    expect(passed.textContent).toBe(PHOTO_CHECK_TEXTS.passedPortrait);
    expect(passed.closest('[role=status]')).not.toBeNull();
  });

  it('a browser that cannot run the check says so and still lets the photo be saved', async () => {
    fetchMock.mockImplementation(async () => json([]));
    photoCheckMock.mockResolvedValue({ status: 'unavailable', reason: 'no WebGL, no WASM' });
    renderAt('/profiles/new');
    await fillValidForm();
    expect(await screen.findByText(PHOTO_CHECK_TEXTS.unavailable)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Create Profile' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('refuses a non-image and a file over 15 MB before any upload', async () => {
    fetchMock.mockImplementation(async () => json([]));
    renderAt('/profiles/new');
    fireEvent.change(fileInput('portrait'), { target: { files: [file('cv.pdf', 'application/pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Please choose an image file');
    fireEvent.change(fileInput('portrait'), {
      target: { files: [file('big.jpg', 'image/jpeg', 15 * 1024 * 1024 + 1)] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('larger than 15 MB');
    expect(screen.queryByRole('img', { name: 'Portrait photo preview' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('a failed photo upload is an "Upload failed" toast and nothing is saved', async () => {
    uploadMock.mockRejectedValue(new Error('Network error'));
    fetchMock.mockImplementation(async () => json([]));
    renderAt('/profiles/new');
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Upload failed', variant: 'destructive' }),
      ),
    );
    expect(
      fetchMock.mock.calls.filter(([u, init]) => u === '/api/photo-profiles' && init?.method === 'POST'),
    ).toHaveLength(0);
  });

  it('a plan-cap error opens the photo-profiles upsell instead of a toast', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST')
        return json({ code: 'limit.photo_profiles', message: 'Photo profile limit reached (6)' }, 403);
      return json([]);
    });
    renderAt('/profiles/new');
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    await screen.findByRole('dialog', { name: 'Photo profile limit reached' }, { timeout: 5000 });
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('any other error is a "Save failed" toast with the server message', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return json({ code: 'validation', message: 'The image could not be read' }, 400);
      return json([]);
    });
    renderAt('/profiles/new');
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Save failed',
          description: 'The image could not be read',
          variant: 'destructive',
        }),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ProfileFormPage (edit)', () => {
  it('fills the form and sends removeFullBody when the stored full-body photo is removed', async () => {
    let sent: Record<string, unknown> | undefined;
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'PATCH') {
        sent = JSON.parse(String(init.body));
        return json({ ...stored, fullBodyUrl: null });
      }
      return json([stored]);
    });
    renderAt('/profiles/p1/edit');
    await screen.findByDisplayValue('Everyday');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Photo Profile');
    expect((screen.getByLabelText('Gender') as HTMLSelectElement).value).toBe('female');
    fireEvent.click(screen.getByRole('button', { name: 'Remove full-body photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/profiles'));
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[0]).toBe('/api/photo-profiles/p1');
    expect(sent!.removeFullBody).toBe(true);
    expect(sent!.portraitUploadId).toBeUndefined();
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('removing the portrait disables Save with the portrait message', async () => {
    fetchMock.mockImplementation(async () => json([stored]));
    renderAt('/profiles/p1/edit');
    await screen.findByDisplayValue('Everyday');
    fireEvent.click(screen.getByRole('button', { name: 'Remove portrait photo' }));
    expect(await screen.findByText('Portrait photo is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('one Save: measurements typed on the page are saved with it (only they changed: no profile update)', async () => {
    const sent: string[] = [];
    let body: unknown;
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method && init.method !== 'GET') sent.push(`${init.method} ${String(url)}`);
      if (init?.method === 'PUT') {
        body = JSON.parse(String(init.body));
        return json({ ...stored, measurements: { chest: 92, height: 175 } });
      }
      return json([stored]);
    });
    renderAt('/profiles/p1/edit');
    await screen.findByDisplayValue('Everyday');
    // the page has one save button: the measurements have none of their own
    expect(screen.getAllByRole('button', { name: /^Save/ }).map((b) => b.textContent)).toEqual(['Save Changes']);
    fireEvent.change(screen.getByLabelText('Chest (cm)'), { target: { value: '92' } });
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: ' 175 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/profiles'));
    expect(sent).toEqual(['PUT /api/photo-profiles/p1/measurements']);
    expect(body).toEqual({ unit: 'cm', chest: 92, height: 175 });
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Profile updated' }));
  });

  it('one Save: a changed name and measurements are both saved, the measurements first', async () => {
    const sent: string[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method && init.method !== 'GET') sent.push(`${init.method} ${String(url)}`);
      if (init?.method === 'PUT') return json({ ...stored, measurements: { waist: 80 } });
      if (init?.method === 'PATCH') return json({ ...stored, name: 'Weekend' });
      return json([stored]);
    });
    renderAt('/profiles/p1/edit');
    await screen.findByDisplayValue('Everyday');
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Weekend' } });
    fireEvent.change(screen.getByLabelText('Waist (cm)'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/profiles'));
    expect(sent).toEqual(['PUT /api/photo-profiles/p1/measurements', 'PATCH /api/photo-profiles/p1']);
  });

  it('one Save: an invalid measurement is shown on its field and nothing is saved', async () => {
    const sent: string[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method && init.method !== 'GET') sent.push(`${init.method} ${String(url)}`);
      return json([stored]);
    });
    renderAt('/profiles/p1/edit');
    await screen.findByDisplayValue('Everyday');
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Weekend' } });
    fireEvent.change(screen.getByLabelText('Chest (cm)'), { target: { value: '920' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Chest must be between 60 and 170 cm')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(screen.queryByTestId('path')).toBeNull();
  });

  it('a failed measurements save says so and stays on the page with what was typed', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === 'PUT') return json({ message: 'Service unavailable' }, 503);
      if (init?.method === 'PATCH') throw new Error('the profile is not saved after a failed measurements save');
      return json([stored]);
    });
    renderAt('/profiles/p1/edit');
    await screen.findByDisplayValue('Everyday');
    fireEvent.change(screen.getByLabelText('Profile name'), { target: { value: 'Weekend' } });
    fireEvent.change(screen.getByLabelText('Hips (cm)'), { target: { value: '98' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Could not save your measurements', variant: 'destructive' }),
      ),
    );
    expect((screen.getByLabelText('Hips (cm)') as HTMLInputElement).value).toBe('98');
    expect(screen.queryByTestId('path')).toBeNull();
  });

  it('the measurements heading is the deep link\'s target: id "measurements", focusable', async () => {
    fetchMock.mockImplementation(async () => json([stored]));
    renderAt('/profiles/p1/edit');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Measurements (optional)' });
    expect(heading.id).toBe('measurements');
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('an unknown id shows "Photo profile not found"', async () => {
    fetchMock.mockImplementation(async () => json([stored]));
    renderAt('/profiles/nope/edit');
    expect(await screen.findByText('Photo profile not found')).toBeTruthy();
  });
});
