/**
 * Reading the parsed request body of a form route. The middy multipart parser leaves
 * `{ field: string, file: { filename, mimetype, encoding, content, truncated } }` (a repeated name becomes an array);
 * JSON bodies are accepted too, so a client may send `{ "isDefault": true }` without building a form.
 */
import { ERROR_CODES, HttpError, badRequest } from '../../shared/errors';
import { fileTooLarge } from './image-pipeline';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
  /** busboy stopped reading at its fileSize limit: the content is incomplete. */
  truncated: boolean;
}

export interface FormData {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

const isFile = (v: unknown): v is { content: Buffer; filename?: string; mimetype?: string; truncated?: boolean } =>
  !!v && typeof v === 'object' && Buffer.isBuffer((v as { content?: unknown }).content);

export function readForm(body: unknown): FormData {
  const form: FormData = { fields: {}, files: {} };
  if (body === undefined || body === null || body === '') return form;
  // A string body means neither parser recognised the content type (or the multipart boundary).
  if (typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body))
    throw new HttpError(400, ERROR_CODES.unsupportedMediaType, 'Send the form as multipart/form-data');
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) throw badRequest(`Send the field ${name} only once`);
    if (isFile(value)) {
      // Browsers send an empty part with an empty file name for a file input left empty: that is "no file".
      if (!value.filename && value.content.length === 0) continue;
      form.files[name] = {
        filename: value.filename ?? '',
        mimetype: value.mimetype ?? 'application/octet-stream',
        content: value.content,
        truncated: !!value.truncated,
      };
    } else if (typeof value === 'string') form.fields[name] = value;
    else if (typeof value === 'boolean' || typeof value === 'number') form.fields[name] = String(value);
    else if (value !== null && value !== undefined) throw badRequest(`The field ${name} must be text`);
  }
  return form;
}

/** A file of the form, refused as too large when the parser cut it off (it never reaches the image pipeline). */
export function formFile(form: FormData, name: string, maxBytes: number): UploadedFile | undefined {
  const f = form.files[name];
  if (!f) return undefined;
  if (f.truncated || f.content.length > maxBytes) throw fileTooLarge(maxBytes);
  return f;
}

/** A boolean form field: absent -> undefined; 'true'/'false' (any case) -> boolean; anything else -> 400. */
export function formFlag(form: FormData, name: string): boolean | undefined {
  const v = form.fields[name];
  if (v === undefined || v === '') return undefined;
  const t = v.trim().toLowerCase();
  if (t === 'true' || t === '1' || t === 'on') return true;
  if (t === 'false' || t === '0' || t === 'off') return false;
  throw new HttpError(400, ERROR_CODES.validation, `${name} must be true or false`);
}
