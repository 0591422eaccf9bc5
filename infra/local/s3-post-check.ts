/**
 * The local stand-in for what S3 checks on a browser POST upload, which s3rver does not (it ignores POST
 * policies): the policy's signature (with this instance's secret) and expiry, that every field the policy pins
 * is what the form sends, and content-length-range against the file's real size.
 *
 * The form is parsed strictly, because the upload is not forwarded as received: the API server stores exactly
 * the bucket, key and Content-Type this check returns (rebuilt from the validated fields). A form a browser's
 * FormData would not produce is refused rather than interpreted: a field name that is repeated or differs
 * from the policy's only by case, an unquoted or malformed part header, any field after the file, a part that
 * is not in the policy, or bytes after the closing boundary. (Before issue 24, the check and s3rver read the
 * same form differently, so a valid policy for one's own key could write any key of the private bucket.)
 */
import { verifyPresignedPost, type PostPolicy } from '../../functions/lib/presigned-post';
import { localS3Secret } from '../../functions/lib/s3';

/** Bodies larger than this are refused before parsing (the largest policy allows 15 MB). */
export const LOCAL_POST_BODY_CAP = 16 * 1024 * 1024;

interface Part {
  name: string;
  filename?: string;
  body: Buffer;
}

/** `form-data; name="x"` with an optional `; filename="y"`: exactly what browsers send, nothing looser. */
const DISPOSITION = /^form-data; name="([^"\\\r\n]+)"(?:; filename="([^"\\\r\n]*)")?$/;

/** The parts of a multipart/form-data body, or null when it is not exactly a well-formed one. */
function parseMultipartStrict(body: Buffer, boundary: string): Part[] | null {
  const open = Buffer.from(`--${boundary}\r\n`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  if (!body.subarray(0, open.length).equals(open)) return null;
  const parts: Part[] = [];
  let start = open.length;
  for (;;) {
    const end = body.indexOf(delimiter, start);
    if (end < 0) return null;
    const chunk = body.subarray(start, end);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd < 0) return null;
    const headers = chunk.subarray(0, headerEnd).toString('utf8').split('\r\n');
    let disposition: RegExpExecArray | null = null;
    let contentTypes = 0;
    for (const line of headers) {
      const m = /^([A-Za-z-]+): (.*)$/.exec(line);
      if (!m) return null;
      const header = m[1]!.toLowerCase();
      if (header === 'content-disposition') {
        if (disposition) return null;
        disposition = DISPOSITION.exec(m[2]!);
        if (!disposition) return null;
      } else if (header === 'content-type') contentTypes += 1;
      else return null;
    }
    if (!disposition || contentTypes > 1) return null;
    parts.push({ name: disposition[1]!, filename: disposition[2], body: chunk.subarray(headerEnd + 4) });
    const after = body.subarray(end + delimiter.length, end + delimiter.length + 2).toString('latin1');
    if (after === '\r\n') {
      start = end + delimiter.length + 2;
      continue;
    }
    if (after !== '--') return null;
    const rest = body.subarray(end + delimiter.length + 2).toString('latin1');
    return rest === '' || rest === '\r\n' ? parts : null; // nothing after the closing boundary
  }
}

/** What may be stored: the policy's own bucket, key and Content-Type, and the file's bytes. */
export interface CheckedUpload {
  bucket: string;
  key: string;
  contentType: string;
  body: Buffer;
}

export type PostCheck = ({ ok: true } & CheckedUpload) | { ok: false; status: number; code: string; message: string };

const fail = (status: number, code: string, message: string): PostCheck => ({ ok: false, status, code, message });
const malformed = () =>
  fail(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');

export function checkPresignedPost(
  bucket: string,
  contentType: string | undefined,
  body: Buffer,
  now = new Date(),
  secret = localS3Secret(),
): PostCheck {
  const boundary = /^multipart\/form-data; ?boundary=(?:"([^"]+)"|([^;\s]+))$/i.exec(contentType ?? '');
  const boundaryText = boundary?.[1] ?? boundary?.[2];
  if (!boundaryText)
    return fail(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
  const parts = parseMultipartStrict(body, boundaryText);
  if (!parts) return malformed();
  // one of each name, whatever the case (S3 field names are case-insensitive: two spellings are two values)
  const lower = parts.map((p) => p.name.toLowerCase());
  if (new Set(lower).size !== lower.length) return malformed();
  const file = parts[parts.length - 1];
  if (!file || file.name !== 'file' || file.filename === undefined)
    return fail(400, 'InvalidArgument', 'POST requires exactly one file upload per request, as the last field.');
  const fields = new Map(parts.slice(0, -1).map((p) => [p.name, p.body.toString('utf8')]));
  if (parts.slice(0, -1).some((p) => p.filename !== undefined)) return malformed();
  const policyText = fields.get('Policy');
  const signature = fields.get('X-Amz-Signature');
  const credential = fields.get('X-Amz-Credential');
  if (!policyText || !signature || !credential)
    return fail(403, 'AccessDenied', 'Bucket POST must contain a policy and a signature');
  const policy: PostPolicy | null = verifyPresignedPost({ policy: policyText, signature, credential }, secret, now);
  if (!policy) return fail(403, 'AccessDenied', 'Invalid according to Policy: Policy expired or signature mismatch');

  const pinned = new Map<string, string>();
  let range: [number, number] | null = null;
  for (const c of policy.conditions) {
    if (Array.isArray(c)) {
      // we only ever sign exact matches and one size range
      if (c[0] !== 'content-length-range' || range) return fail(403, 'AccessDenied', 'Invalid according to Policy');
      range = [Number(c[1]), Number(c[2])];
      continue;
    }
    const entries = Object.entries(c);
    const [entry] = entries;
    if (!entry || entries.length !== 1 || typeof entry[1] !== 'string')
      return fail(403, 'AccessDenied', 'Invalid according to Policy: malformed condition');
    pinned.set(entry[0], entry[1]);
  }
  const key = pinned.get('key');
  const type = pinned.get('Content-Type');
  if (!range || key === undefined || type === undefined || pinned.get('bucket') === undefined)
    return fail(403, 'AccessDenied', 'Invalid according to Policy: the policy must pin bucket, key and Content-Type');
  for (const [k, v] of pinned) {
    const actual = k === 'bucket' ? bucket : fields.get(k);
    if (actual !== v)
      return fail(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${k}", "${v}"]`);
  }
  // every field sent is one the policy pins (or the policy and its signature): S3's "Extra input fields"
  for (const name of fields.keys())
    if (name !== 'Policy' && name !== 'X-Amz-Signature' && !pinned.has(name))
      return fail(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
  const size = file.body.length;
  if (size < range[0] || size > range[1])
    return fail(
      400,
      size > range[1] ? 'EntityTooLarge' : 'EntityTooSmall',
      `Your proposed upload is outside the allowed size (${size} bytes, allowed ${range[0]}-${range[1]})`,
    );
  return { ok: true, bucket, key, contentType: type, body: file.body };
}
