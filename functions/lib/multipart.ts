/**
 * Splitting a multipart body into its text fields and its files, for the pipeline (functions/lib/http.ts): the
 * text fields are then parsed by the route's one `body` schema (the same schema a JSON body meets), the files go
 * to the route as `req.files`. The middy multipart parser leaves
 * `{ field: string, file: { filename, mimetype, encoding, content, truncated } }` (a repeated name becomes an array).
 */
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

interface PartFile {
  content: Buffer;
  filename?: string;
  mimetype?: string;
  truncated?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isFile = (v: unknown): v is PartFile => isObject(v) && Buffer.isBuffer(v.content);

/** The body of a form route (already parsed by the JSON or multipart parser) as its fields and files. */
export function splitForm(body: unknown, fileNames: readonly string[]): SplitForm {
  const form: SplitForm = { fields: {}, files: {} };
  if (body === undefined || body === null || body === '') return form;
  // A string body means neither parser recognised the content type (or the multipart boundary).
  if (!isObject(body) || Buffer.isBuffer(body))
    throw new HttpError(400, ERROR_CODES.unsupportedMediaType, 'Send the form as multipart/form-data');
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) throw badRequest(`Send the field ${name} only once`);
    if (isFile(value)) {
      // Browsers send an empty part with an empty file name for a file input left empty: that is "no file".
      if (!value.filename && value.content.length === 0) continue;
      if (!fileNames.includes(name)) continue;
      form.files[name] = {
        filename: value.filename ?? '',
        mimetype: value.mimetype ?? 'application/octet-stream',
        content: value.content,
        truncated: !!value.truncated,
      };
    } else if (isObject(value)) throw badRequest(`The field ${name} must be text`);
    else form.fields[name] = value;
  }
  return form;
}
