/**
 * Fetching a URL a user typed, without letting them reach our own network (SSRF): instance metadata,
 * loopback services, VPC neighbours. The rules:
 * - only http and https;
 * - every address the host resolves to must pass the address policy (all of them, so a name that resolves to
 *   one public and one private address is refused), and literal-IP hosts are checked the same way;
 * - the connection goes to the address that was checked (a pinned lookup), so a second DNS answer
 *   (rebinding) cannot swap it; the Host header and TLS SNI/certificate check still use the original name;
 * - redirects are followed by hand, re-running all of the above for every hop;
 * - the body is streamed with a byte cap, and the whole exchange (all hops) has one deadline.
 * The policy is a parameter whose default is the strict one; tests pass a policy that admits their own
 * 127.0.0.1 server. No production code path passes anything but the default.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { ERROR_CODES, HttpError } from '../../shared/errors';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface AddressCheck extends ResolvedAddress {
  /** 0 for the URL as given, 1 for the first redirect target, ... */
  hop: number;
  url: URL;
}

/** Decides whether a connection to this address may be made. */
export type AddressPolicy = (check: AddressCheck) => boolean;

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** DNS resolution; defaults to dns.lookup with all addresses. */
  resolve?: Resolver;
  /** Defaults to strictAddressPolicy (public unicast addresses only). */
  addressPolicy?: AddressPolicy;
  /**
   * When the response is HTML, read at most this many bytes and stop quietly (for og:image discovery)
   * instead of refusing the body as too large.
   */
  htmlMaxBytes?: number;
  /** Sent as the Accept header. */
  accept?: string;
}

export interface FetchedResource {
  bytes: Buffer;
  contentType: string | null;
  /** The URL of the last hop (after redirects): relative references in HTML resolve against it. */
  finalUrl: string;
  /** True when an HTML body was cut at htmlMaxBytes. */
  truncated: boolean;
}

export const SAFE_FETCH_MESSAGES = {
  scheme: 'Only http and https URLs are allowed',
  address: 'This address is not allowed',
  tooLarge: 'The image is too large',
  timeout: 'The remote server took too long',
  failed: 'Could not fetch the image',
  invalid: 'Invalid URL',
} as const;

const refuse = (message: string) => new HttpError(400, ERROR_CODES.badRequest, message);

// ---------------------------------------------------------------------------------------------------------
// Address classification

function v4ToInt(a: string): number | null {
  const parts = a.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n >>> 0;
}

const v4Cidr = (base: string, bits: number): [number, number] => {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return [(v4ToInt(base)! & mask) >>> 0, mask];
};

/** Everything that is not globally routable unicast (IANA special-purpose registry and friends). */
const BLOCKED_V4: [number, number][] = [
  v4Cidr('0.0.0.0', 8), // "this network"
  v4Cidr('10.0.0.0', 8), // private
  v4Cidr('100.64.0.0', 10), // carrier-grade NAT
  v4Cidr('127.0.0.0', 8), // loopback
  v4Cidr('169.254.0.0', 16), // link-local, incl. 169.254.169.254 instance metadata
  v4Cidr('172.16.0.0', 12), // private
  v4Cidr('192.0.0.0', 24), // IETF protocol assignments
  v4Cidr('192.0.2.0', 24), // TEST-NET-1
  v4Cidr('192.88.99.0', 24), // 6to4 relay anycast
  v4Cidr('192.168.0.0', 16), // private
  v4Cidr('198.18.0.0', 15), // benchmarking
  v4Cidr('198.51.100.0', 24), // TEST-NET-2
  v4Cidr('203.0.113.0', 24), // TEST-NET-3
  v4Cidr('224.0.0.0', 4), // multicast
  v4Cidr('240.0.0.0', 4), // reserved, incl. broadcast
];

export function isBlockedIPv4(address: string): boolean {
  const n = v4ToInt(address);
  if (n === null) return true;
  return BLOCKED_V4.some(([base, mask]) => (n & mask) >>> 0 === base);
}

/** 16 bytes of an IPv6 address (any textual form, including an embedded dotted quad), or null. */
export function parseIPv6(address: string): number[] | null {
  let a = address.replace(/^\[|\]$/g, '');
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  if (!net.isIPv6(a)) return null;
  const tail: number[] = [];
  const lastColon = a.lastIndexOf(':');
  const last = a.slice(lastColon + 1);
  if (last.includes('.')) {
    const n = v4ToInt(last);
    if (n === null) return null;
    tail.push((n >>> 16) & 0xffff, n & 0xffff);
    a = `${a.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = a.split('::');
  const h = head ? head.split(':') : [];
  const r = rest !== undefined ? (rest ? rest.split(':') : []) : [];
  const groups = rest !== undefined ? [...h, ...Array<string>(8 - h.length - r.length).fill('0'), ...r] : h;
  if (groups.length !== 8) return null;
  const words = groups.map((g) => parseInt(g || '0', 16));
  if (tail.length) words.splice(6, 2, ...tail);
  return words.flatMap((w) => [(w >> 8) & 0xff, w & 0xff]);
}

const bytesToV4 = (b: number[], offset: number) => b.slice(offset, offset + 4).join('.');

export function isBlockedIPv6(address: string): boolean {
  const b = parseIPv6(address);
  if (!b) return true;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (deprecated IPv4-compatible, incl. :: and ::1): judge the IPv4 inside.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return isBlockedIPv4(bytesToV4(b, 12));
  if (zeros(0, 12)) return true;
  // 64:ff9b::/96 NAT64 well-known prefix: reaches the embedded IPv4 through the translator.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12))
    return isBlockedIPv4(bytesToV4(b, 12));
  // 2002::/16 6to4: the IPv4 is in bytes 2..5.
  if (b[0] === 0x20 && b[1] === 0x02) return isBlockedIPv4(bytesToV4(b, 2));
  // Only global unicast 2000::/3 is reachable; this excludes fc00::/7 (unique local), fe80::/10 (link-local),
  // fec0::/10, ff00::/8 (multicast), 100::/64 (discard) and the rest of the unassigned space.
  if (((b[0] ?? 0) & 0xe0) !== 0x20) return true; // (16 bytes; a missing one is blocked)
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true; // 2001:db8::/32 documentation
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return true; // 2001::/32 Teredo
  return false;
}

export function isBlockedAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(a)) return isBlockedIPv4(a);
  if (net.isIPv6(a)) return isBlockedIPv6(a);
  return true;
}

/** The default: public unicast addresses only. */
export const strictAddressPolicy: AddressPolicy = ({ address }) => !isBlockedAddress(address);

export const systemResolver: Resolver = async (hostname) => {
  const res = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return res.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

// ---------------------------------------------------------------------------------------------------------
// Fetching

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(rawUrl: string, opts: SafeFetchOptions = {}): Promise<FetchedResource> {
  const maxBytes = opts.maxBytes ?? 10 * 1024 * 1024;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxRedirects = opts.maxRedirects ?? 3;
  const resolve = opts.resolve ?? systemResolver;
  const policy = opts.addressPolicy ?? strictAddressPolicy;

  let url = parseUrl(rawUrl);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(url, hop, resolve, policy, controller.signal);
      const res = await request(url, pinned, controller.signal, opts.accept ?? 'image/*,*/*;q=0.5');
      if (REDIRECTS.has(res.statusCode ?? 0)) {
        res.resume();
        const location = res.headers.location;
        if (!location || hop >= maxRedirects) throw refuse(SAFE_FETCH_MESSAGES.failed);
        url = parseUrl(location, url);
        continue;
      }
      if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
        res.resume();
        throw refuse(`${SAFE_FETCH_MESSAGES.failed} (the server answered ${res.statusCode})`);
      }
      const contentType = res.headers['content-type']?.toLowerCase() ?? null;
      const isHtml = !!contentType && /^(text\/html|application\/xhtml\+xml)/.test(contentType);
      const softCap = isHtml && opts.htmlMaxBytes ? opts.htmlMaxBytes : null;
      const declared = Number(res.headers['content-length']);
      if (!softCap && Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        throw refuse(SAFE_FETCH_MESSAGES.tooLarge);
      }
      const { bytes, truncated } = await readCapped(res, softCap ?? maxBytes, !!softCap);
      return { bytes, contentType, finalUrl: url.toString(), truncated };
    }
  } catch (err) {
    if (timedOut) throw refuse(SAFE_FETCH_MESSAGES.timeout);
    if (err instanceof HttpError) throw err;
    throw refuse(SAFE_FETCH_MESSAGES.failed);
  } finally {
    clearTimeout(timer);
  }
}

/** safeFetch for an image URL (the bytes still go through the image pipeline: the content type is not trusted). */
export function safeFetchImage(
  url: string,
  opts: Omit<SafeFetchOptions, 'htmlMaxBytes'> = {},
): Promise<FetchedResource> {
  return safeFetch(url, { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8', ...opts });
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw ?? '').trim(), base);
  } catch {
    throw refuse(SAFE_FETCH_MESSAGES.invalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(SAFE_FETCH_MESSAGES.scheme);
  if (!url.hostname) throw refuse(SAFE_FETCH_MESSAGES.invalid);
  return url;
}

async function checkedAddress(
  url: URL,
  hop: number,
  resolve: Resolver,
  policy: AddressPolicy,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
  else {
    try {
      addresses = await untilAborted(resolve(host), signal);
    } catch {
      if (signal.aborted) throw new Error('aborted');
      throw refuse(SAFE_FETCH_MESSAGES.failed);
    }
  }
  const [first] = addresses;
  if (!first) throw refuse(SAFE_FETCH_MESSAGES.failed);
  if (!addresses.every((a) => policy({ ...a, hop, url }))) throw refuse(SAFE_FETCH_MESSAGES.address);
  return first;
}

/** dns.lookup cannot be cancelled: stop waiting for it when the deadline passes. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function request(
  url: URL,
  pinned: ResolvedAddress,
  signal: AbortSignal,
  accept: string,
): Promise<http.IncomingMessage> {
  // Answers every lookup (single or all-addresses form, as happy-eyeballs asks) with the checked address.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method: 'GET',
        lookup,
        agent: false,
        signal,
        headers: {
          accept,
          'accept-encoding': 'identity',
          'user-agent': 'TryOnImageFetcher/1.0',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

function readCapped(
  res: http.IncomingMessage,
  cap: number,
  soft: boolean,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    res.on('data', (c: Buffer) => {
      if (done) return;
      if (size + c.length > cap) {
        done = true;
        if (soft) {
          chunks.push(c.subarray(0, cap - size));
          res.destroy();
          resolve({ bytes: Buffer.concat(chunks), truncated: true });
        } else {
          res.destroy();
          reject(refuse(SAFE_FETCH_MESSAGES.tooLarge));
        }
        return;
      }
      size += c.length;
      chunks.push(c);
    });
    res.on('end', () => {
      if (done) return;
      done = true;
      resolve({ bytes: Buffer.concat(chunks), truncated: false });
    });
    res.on('error', (err) => {
      if (done) return;
      done = true;
      reject(err);
    });
    res.on('close', () => {
      if (done) return;
      done = true;
      reject(new Error('connection closed before the body was complete'));
    });
  });
}
