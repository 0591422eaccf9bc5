/**
 * Multipart bodies, for the pipeline (functions/lib/http.ts): parsed only on routes whose entry names file parts
 * (`multipart`), after the caller is authenticated, with busboy directly. The text fields then meet the route's
 * one `body` schema (the same schema a JSON body meets), the files go to the route as `req.files`.
 *
 * Every part is read into a Map (a part's name is never an object key on its way in, so `__proto__[]` or
 * `constructor[]` is just a name), every busboy callback is guarded so nothing it does can throw outside the
 * returned promise, and every malformed body is a 400 with `{ message, code }` (issue 40: the middy parser called
 * `push` on `Object.prototype.constructor` inside a busboy event and the uncaught throw ended the process).
 */
import { Busboy } from '@fastify/busboy';
import { ERROR_CODES, HttpError, badRequest } from '../../shared/errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
  /** busboy stopped reading at its fileSize limit: the content is incomplete. */
  truncated: boolean;
}

export interface SplitForm {
  /** The text fields (or the whole JSON body: a form route takes the same fields as JSON). */
  fields: Record<string, unknown>;
  /** The route's file parts that came with content (other file parts are ignored). */
  files: Record<string, UploadedFile>;
}

/** What one multipart body may hold (a file part's bytes beyond `fileSize` mark it truncated). */
export const MULTIPART_LIMITS = {
  fileSize: 12 * 1024 * 1024,
  files: 4,
  fields: 40,
  /** A text field's bytes: longer than any text a form of ours takes. */
  fieldSize: 64 * 1024,
  /** A part's name. */
  fieldNameSize: 100,
} as const;

const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

/** True when the request says its body is multipart/form-data (whatever its boundary). */
export const isMultipart = (contentType: string | undefined): boolean => MULTIPART_TYPE.test(contentType ?? '');

const malformed = () =>
  new HttpError(400, ERROR_CODES.badRequest, 'Invalid or malformed multipart/form-data was provided');
const notAForm = () => new HttpError(400, ERROR_CODES.unsupportedMediaType, 'Send the form as multipart/form-data');
const sentTwice = (name: string) => badRequest(`Send the field ${printable(name)} only once`);
const tooMany = () => badRequest('The form has too many parts');

/** A part's name as it may be echoed in a message (names are the client's: no control characters, bounded). */
const printable = (name: string) => name.replace(/[^\x20-\x7e]/g, '?').slice(0, MULTIPART_LIMITS.fieldNameSize);

/**
 * Parse a multipart/form-data body into the route's fields and files. Rejects (never throws outside the
 * promise) with a 400 on a malformed body, a repeated part name, or more parts than the limits allow.
 */
export function parseMultipart(
  body: string,
  isBase64Encoded: boolean,
  contentType: string,
  fileNames: readonly string[],
): Promise<SplitForm> {
  return new Promise<SplitForm>((resolve, reject) => {
    const fields = new Map<string, string>();
    const files = new Map<string, UploadedFile>();
    const seen = new Set<string>();
    let failed: HttpError | null = null;
    let pendingFiles = 0;
    let finished = false;
    const fail = (err: HttpError) => {
      if (failed) return;
      failed = err;
      reject(err);
    };
    const settle = () => {
      if (failed || !finished || pendingFiles > 0) return;
      resolve({ fields: Object.fromEntries(fields), files: Object.fromEntries(files) });
    };
    /** A callback of busboy's: whatever it throws becomes this body's 400, not an uncaught exception. */
    const guard =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        try {
          fn(...args);
        } catch (err) {
          fail(err instanceof HttpError ? err : malformed());
        }
      };
    const claimName = (name: string): boolean => {
      if (seen.has(name)) {
        fail(sentTwice(name));
        return false;
      }
      seen.add(name);
      return true;
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { ...MULTIPART_LIMITS, parts: MULTIPART_LIMITS.files + MULTIPART_LIMITS.fields },
      });
    } catch {
      return fail(notAForm());
    }
    parser.on(
      'file',
      guard((name: string, stream: NodeJS.ReadableStream & { truncated?: boolean }, filename, _enc, mimetype) => {
        const chunks: Buffer[] = [];
        const keep = claimName(name);
        pendingFiles += 1;
        stream.on(
          'data',
          guard((chunk: Buffer) => {
            if (keep && !failed) chunks.push(chunk);
          }),
        );
        stream.on(
          'error',
          guard(() => fail(malformed())),
        );
        stream.on(
          'end',
          guard(() => {
            pendingFiles -= 1;
            const content = Buffer.concat(chunks);
            // Browsers send an empty part with an empty file name for a file input left empty: that is "no file".
            const empty = !filename && content.length === 0;
            if (keep && !empty && fileNames.includes(name))
              files.set(name, {
                filename: filename ?? '',
                mimetype: mimetype || 'application/octet-stream',
                content,
                truncated: !!stream.truncated,
              });
            settle();
          }),
        );
      }),
    );
    parser.on(
      'field',
      guard((name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
        if (nameTruncated || valueTruncated) return fail(badRequest(`The field ${printable(name)} is too long`));
        if (claimName(name)) fields.set(name, value);
      }),
    );
    parser.on(
      'partsLimit',
      guard(() => fail(tooMany())),
    );
    parser.on(
      'filesLimit',
      guard(() => fail(tooMany())),
    );
    parser.on(
      'fieldsLimit',
      guard(() => fail(tooMany())),
    );
    parser.on(
      'error',
      guard(() => fail(malformed())),
    );
    parser.on(
      'finish',
      guard(() => {
        finished = true;
        settle();
      }),
    );
    try {
      parser.end(Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8'));
    } catch {
      fail(malformed());
    }
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The fields of a form route sent as JSON instead (already parsed by the JSON parser): a form route takes the same
 * fields as JSON (e.g. direct-upload ids instead of files); no files come this way.
 */
export function jsonForm(body: unknown): SplitForm {
  if (body === undefined || body === null || body === '') return { fields: {}, files: {} };
  // A string body means the JSON parser did not recognise the content type either.
  if (!isObject(body) || Buffer.isBuffer(body)) throw notAForm();
  for (const [name, value] of Object.entries(body))
    if (isObject(value) || Array.isArray(value)) throw badRequest(`The field ${printable(name)} must be text`);
  return { fields: body, files: {} };
}
