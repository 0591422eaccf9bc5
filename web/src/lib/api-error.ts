/**
 * The error every failed API call raises (spec 01 sections 7 and 8). `message` is
 * "STATUS: body text" (or "STATUS: status text" when the body is empty); `serverMessage` and `code`
 * come from the JSON error body { message, code } when there is one, for toasts and limit dialogs.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code = parsed.code;
    this.serverMessage = parsed.message;
  }
}

function parseErrorBody(body: string): { message?: string; code?: string } {
  if (!body) return {};
  try {
    const json: unknown = JSON.parse(body);
    if (json && typeof json === 'object') {
      const message = 'message' in json ? json.message : undefined;
      const code = 'code' in json ? json.code : undefined;
      return {
        message: typeof message === 'string' && message ? message : undefined,
        code: typeof code === 'string' && code ? code : undefined,
      };
    }
  } catch {
    /* not JSON */
  }
  return {};
}

/** Raise an ApiError for any non-OK response; otherwise return it untouched. */
export async function throwIfNotOk(res: Response): Promise<Response> {
  if (!res.ok) {
    let text = '';
    try {
      text = await res.text();
    } catch {
      /* body unreadable */
    }
    throw new ApiError(res.status, res.statusText, text);
  }
  return res;
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

/** A message as a sentence of its own: trimmed, ending in a full stop unless it already ends in . ! ? or …. */
export function asSentence(message: string): string {
  const t = message.trim();
  return !t || /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** errorMessage as a sentence, for text that continues after it (issue 39: never "not allowed You can…"). */
export const errorSentence = (err: unknown, fallback: string): string => asSentence(errorMessage(err, fallback));

/** The message to show a person: the server's own message when it sent one, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (isApiError(err)) return err.serverMessage ?? fallback;
  return fallback;
}
