import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../shared/errors';
import {
  isBlockedAddress,
  safeFetch,
  safeFetchImage,
  strictAddressPolicy,
  type AddressPolicy,
  type Resolver,
} from './safe-fetch';

// A local server stands in for "the internet": nothing in this file leaves the machine.
let server: http.Server;
let base: string;
let port: number;
const seenHosts: string[] = [];
const IMG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenHosts.push(String(req.headers.host));
    const path = req.url ?? '/';
    if (path === '/img.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(IMG);
    if (path === '/to-img') return res.writeHead(302, { location: '/img.jpg' }).end();
    if (path === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.1:${port}/img.jpg` }).end();
    if (path === '/to-metadata')
      return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    if (path === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/big') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(300_000));
    if (path === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      for (let i = 0; i < 30; i++) res.write(Buffer.alloc(10_000));
      return res.end();
    }
    if (path === '/page')
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<html>${'x'.repeat(50_000)}</html>`);
    if (path === '/slow') return; // never answers
    if (path === '/missing') return res.writeHead(404).end('nope');
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Admits the test server's address for the first request only; every redirect hop gets the strict policy. */
const firstHopLoopback: AddressPolicy = (c) => (c.hop === 0 && c.address === '127.0.0.1') || strictAddressPolicy(c);
/** Admits the test server on every hop, and nothing else that the strict policy refuses. */
const loopbackOnly: AddressPolicy = (c) => c.address === '127.0.0.1' || strictAddressPolicy(c);

async function refusal(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    return err as HttpError;
  }
  throw new Error('expected a refusal');
}

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '0.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.1.2.3',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::1',
    '2001:db8::1',
    'not-an-ip',
  ])('refuses %s', (a) => expect(isBlockedAddress(a)).toBe(true));

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows %s', (a) => expect(isBlockedAddress(a)).toBe(false));
});

describe('safeFetch refusals under the strict (default) policy', () => {
  it.each([
    ['http://127.0.0.1/', 'This address is not allowed'],
    ['http://localhost/', 'This address is not allowed'],
    ['http://169.254.169.254/latest/meta-data', 'This address is not allowed'],
    ['http://[::1]/', 'This address is not allowed'],
    ['http://[::ffff:127.0.0.1]/', 'This address is not allowed'],
    ['http://10.0.0.1/', 'This address is not allowed'],
    ['http://2130706433/', 'This address is not allowed'], // 127.0.0.1 as one decimal number
    ['http://0x7f.1/', 'This address is not allowed'],
    ['file:///etc/passwd', 'Only http and https URLs are allowed'],
    ['ftp://x/', 'Only http and https URLs are allowed'],
    ['gopher://127.0.0.1:25/', 'Only http and https URLs are allowed'],
    ['not a url', 'Invalid URL'],
  ])('%s', async (url, message) => {
    expect((await refusal(safeFetchImage(url))).message).toBe(message);
  });

  it('refuses the local test server itself without the test policy', async () => {
    expect((await refusal(safeFetchImage(`${base}/img.jpg`))).message).toBe('This address is not allowed');
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect((await refusal(safeFetchImage('http://mixed.example/', { resolve }))).message).toBe(
      'This address is not allowed',
    );
  });
});

describe('safeFetch against a local server admitted by a test policy', () => {
  it('fetches bytes and the content type', async () => {
    const res = await safeFetchImage(`${base}/img.jpg`, { addressPolicy: firstHopLoopback });
    expect(res.bytes.equals(IMG)).toBe(true);
    expect(res.contentType).toBe('image/jpeg');
  });

  it('connects to the checked address while sending the original Host (pinned lookup)', async () => {
    const resolve: Resolver = async (host) => (host === 'pinned.test' ? [{ address: '127.0.0.1', family: 4 }] : []);
    const res = await safeFetchImage(`http://pinned.test:${port}/img.jpg`, {
      resolve,
      addressPolicy: firstHopLoopback,
    });
    expect(res.bytes.equals(IMG)).toBe(true);
    expect(seenHosts.at(-1)).toBe(`pinned.test:${port}`);
  });

  it('follows a redirect, re-checking the next hop', async () => {
    const res = await safeFetchImage(`${base}/to-img`, { addressPolicy: loopbackOnly });
    expect(res.bytes.equals(IMG)).toBe(true);
    expect(res.finalUrl).toBe(`${base}/img.jpg`);
  });

  it('refuses a redirect to loopback when the second hop gets the strict policy', async () => {
    expect((await refusal(safeFetchImage(`${base}/to-loopback`, { addressPolicy: firstHopLoopback }))).message).toBe(
      'This address is not allowed',
    );
  });

  it('refuses a redirect to the metadata address and to file:', async () => {
    expect((await refusal(safeFetchImage(`${base}/to-metadata`, { addressPolicy: loopbackOnly }))).message).toBe(
      'This address is not allowed',
    );
    expect((await refusal(safeFetchImage(`${base}/to-file`, { addressPolicy: loopbackOnly }))).message).toBe(
      'Only http and https URLs are allowed',
    );
  });

  it('stops after maxRedirects', async () => {
    expect(
      (await refusal(safeFetchImage(`${base}/loop`, { addressPolicy: loopbackOnly, maxRedirects: 3 }))).message,
    ).toBe('Could not fetch the image');
  });

  it('refuses a body over the cap, announced or streamed', async () => {
    expect(
      (await refusal(safeFetchImage(`${base}/big`, { addressPolicy: loopbackOnly, maxBytes: 100_000 }))).message,
    ).toBe('The image is too large');
    expect(
      (await refusal(safeFetchImage(`${base}/big-chunked`, { addressPolicy: loopbackOnly, maxBytes: 100_000 })))
        .message,
    ).toBe('The image is too large');
  });

  it('gives up when the server takes too long', async () => {
    const started = Date.now();
    expect(
      (await refusal(safeFetchImage(`${base}/slow`, { addressPolicy: loopbackOnly, timeoutMs: 300 }))).message,
    ).toBe('The remote server took too long');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an error status', async () => {
    expect((await refusal(safeFetchImage(`${base}/missing`, { addressPolicy: loopbackOnly }))).message).toMatch(
      /^Could not fetch the image/,
    );
  });

  it('reads only the head of an HTML page when asked', async () => {
    const res = await safeFetch(`${base}/page`, { addressPolicy: loopbackOnly, htmlMaxBytes: 1000, maxBytes: 10_000 });
    expect(res.truncated).toBe(true);
    expect(res.bytes.length).toBe(1000);
  });
});
