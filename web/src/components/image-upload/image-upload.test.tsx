import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUpload } from './image-upload';

vi.mock('../../lib/auth', () => ({ getIdToken: async () => 'token' }));
vi.mock('../use-toast', () => ({ toast: vi.fn() }));

/** A fake XMLHttpRequest whose upload progress the test drives. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
}

const fetchMock = vi.fn();
beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const png = (size = 1000) => new File([new Uint8Array(size)], 'look.png', { type: 'image/png' });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ImageUpload', () => {
  it('checks type and size before sending anything, with the server messages', () => {
    render(<ImageUpload purpose="outfit" label="Outfit image" onUploaded={() => {}} inputTestId="f" />);
    const input = screen.getByTestId('f');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Unsupported image type. Use JPEG, PNG, WebP or AVIF.');
    fireEvent.change(input, { target: { files: [png(15 * 1024 * 1024 + 1)] } });
    expect(screen.getByRole('alert').textContent).toBe('File too large. The image must be at most 15 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /upload/i })).toBeNull();
  });

  it('uploads a dropped file: presign, POST to the bucket with the policy fields first, progress from the upload, then finalize', async () => {
    const onUploaded = vi.fn();
    fetchMock
      .mockResolvedValueOnce(
        json(
          {
            uploadId: 'outfit.01J00000000000000000000000',
            url: 'http://s3/bucket',
            fields: { key: 'uploads/tmp/u/outfit.x', Policy: 'p' },
            maxBytes: 1,
            expiresAt: '',
          },
          201,
        ),
      )
      .mockResolvedValueOnce(json({ url: '/api/private-image/users/u/outfits/a.jpg' }, 201));
    render(<ImageUpload purpose="outfit" label="Outfit image" onUploaded={onUploaded} inputTestId="f" />);
    // no second click: dropping (or choosing) the file uploads it
    await act(async () => fireEvent.drop(screen.getByTestId('f-zone'), { dataTransfer: { files: [png(2000)] } }));
    expect(screen.getByAltText('Outfit image preview')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({
      purpose: 'outfit',
      contentType: 'image/png',
      size: 2000,
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://s3/bucket']);
    expect([...xhr.body!.keys()]).toEqual(['key', 'Policy', 'file']);

    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 1000, total: 2000 }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('48');
    await act(async () => {
      xhr.status = 204;
      xhr.onload!();
    });
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ uploadId: 'outfit.01J00000000000000000000000' });
    expect(onUploaded).toHaveBeenLastCalledWith('/api/private-image/users/u/outfits/a.jpg');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Uploaded')).toBeTruthy();
  });

  it('a pasted image is taken; an upload S3 refuses shows the error state with Retry', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        { uploadId: 'avatar.01J00000000000000000000000', url: 'http://s3/b', fields: {}, maxBytes: 1, expiresAt: '' },
        201,
      ),
    );
    render(<ImageUpload purpose="avatar" label="Avatar" onUploaded={() => {}} inputTestId="f" />);
    await act(async () => fireEvent.paste(screen.getByTestId('f-zone'), { clipboardData: { files: [png(100)] } }));
    const xhr = FakeXhr.last!;
    await act(async () => {
      xhr.status = 400;
      xhr.responseText = '<Error><Code>EntityTooLarge</Code><Message>too big</Message></Error>';
      xhr.onload!();
    });
    expect(screen.getByRole('alert').textContent).toBe('Upload failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
