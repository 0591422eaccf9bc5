import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressPercent, uploadWithProgress } from './upload-with-progress';
import { ApiError } from './api-error';

vi.mock('./auth', () => ({ getIdToken: () => Promise.resolve('tok') }));

class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress', () => {
  it('computes whole percentages', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(300, 200)).toBe(100);
  });

  it('posts with credentials and the bearer token, reports progress, parses the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];
    const fd = new FormData();
    const p = uploadWithProgress<{ url: string }>('/api/uploads/outfit', fd, (n) => seen.push(n));
    await vi.waitFor(() => expect(FakeXhr.last?.sent).toBe(fd));
    const x = FakeXhr.last;
    expect(x).toMatchObject({ method: 'POST', url: '/api/uploads/outfit', withCredentials: true });
    expect(x.headers.Authorization).toBe('Bearer tok');
    x.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    x.status = 201;
    x.responseText = '{"url":"/api/private-image/users/u/outfits/a.jpg"}';
    x.onload?.();
    await expect(p).resolves.toEqual({ url: '/api/private-image/users/u/outfits/a.jpg' });
    expect(seen).toEqual([40, 100]);
  });

  it('rejects with an ApiError carrying the server message', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const p = uploadWithProgress('/api/uploads/outfit', new FormData());
    await vi.waitFor(() => expect(FakeXhr.last?.sent).toBeDefined());
    const x = FakeXhr.last;
    x.status = 413;
    x.statusText = 'Payload Too Large';
    x.responseText = '{"message":"File too large","code":"too_large"}';
    x.onload?.();
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 413, serverMessage: 'File too large' });
  });
});
