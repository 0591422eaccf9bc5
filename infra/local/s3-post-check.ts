/**
 * The local stand-in for what S3 checks on a browser POST upload, which s3rver does not (it ignores POST
 * policies): the policy's signature and expiry, that every field the policy pins (bucket, key, Content-Type,
 * credential, ...) is what the form sends, and content-length-range against the file's real size. The API
 * server buffers the POST body (capped), runs this, and forwards it to s3rver only when it passes.
 */
import { verifyPresignedPost, type PostPolicy } from '../../functions/lib/presigned-post';

/** s3rver's secret (it accepts any): the local presigning client signs with it. */
export const LOCAL_S3_SECRET = 'S3RVER';
/** Bodies larger than this are refused before parsing (the largest policy allows 15 MB). */
export const LOCAL_POST_BODY_CAP = 16 * 1024 * 1024;

interface Part {
  name: string;
  filename?: string;
  body: Buffer;
}

function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2); // skip CRLF after the delimiter and before the next
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = chunk.subarray(0, headerEnd).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      if (name) parts.push({ name, filename, body: chunk.subarray(headerEnd + 4) });
    }
    start = next;
  }
  return parts;
}

export type PostCheck = { ok: true } | { ok: false; status: number; code: string; message: string };

const fail = (status: number, code: string, message: string): PostCheck => ({ ok: false, status, code, message });

export function checkPresignedPost(
  bucket: string,
  contentType: string | undefined,
  body: Buffer,
  now = new Date(),
): PostCheck {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!boundary)
    return fail(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
  const boundaryText = boundary[1] ?? boundary[2];
  if (!boundaryText)
    return fail(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
  const parts = parseMultipart(body, boundaryText);
  const fileIndex = parts.findIndex((p) => p.name === 'file');
  const file = parts[fileIndex];
  if (!file) return fail(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const fields = new Map(parts.slice(0, fileIndex).map((p) => [p.name.toLowerCase(), p.body.toString('utf8')]));
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyText || !signature || !credential)
    return fail(403, 'AccessDenied', 'Bucket POST must contain a policy and a signature');
  const policy: PostPolicy | null = verifyPresignedPost(
    { policy: policyText, signature, credential },
    LOCAL_S3_SECRET,
    now,
  );
  if (!policy) return fail(403, 'AccessDenied', 'Invalid according to Policy: Policy expired or signature mismatch');
  const size = file.body.length;
  for (const c of policy.conditions) {
    if (Array.isArray(c)) {
      if (c[0] === 'content-length-range' && (size < Number(c[1]) || size > Number(c[2])))
        return fail(
          400,
          'EntityTooLarge',
          `Your proposed upload exceeds the maximum allowed size (${size} bytes, allowed ${c[1]}-${c[2]})`,
        );
      continue;
    }
    const [entry] = Object.entries(c);
    if (!entry) return fail(403, 'AccessDenied', 'Invalid according to Policy: empty condition');
    const [k, v] = entry;
    const actual = k === 'bucket' ? bucket : fields.get(k.toLowerCase());
    if (actual !== v)
      return fail(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${k}", "${v}"]`);
  }
  return { ok: true };
}
