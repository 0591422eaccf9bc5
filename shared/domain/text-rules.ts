/**
 * Names and titles shown to other people (profile names, style, product, collection and template names, link
 * titles, photo profile names): Unicode-normalised (NFC) and free of characters that hide or reorder text.
 * Refused: C0/C1 control characters (NUL, newlines, escapes), bidirectional overrides, embeddings, isolates and
 * marks (U+200E/F, U+202A-E, U+2066-9: "right-to-left override" spoofing), and invisible characters (U+200B
 * zero-width space, U+2060-4 word joiner and invisible operators, U+FEFF, U+FFF9-B). Zero-width (non-)joiners
 * U+200C/U+200D stay allowed: Persian and Indic scripts and emoji sequences need them (docs/decisions.md).
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this rule refuses
  /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/;

export const UNSAFE_TEXT_MESSAGE = 'cannot contain control or invisible characters';

export const isSafeText = (s: string): boolean => !UNSAFE.test(s);

export const normalizeText = (s: string): string => s.normalize('NFC');

/**
 * E-mail addresses as the app sends them to Cognito and stores them: trimmed and lower-case. Cognito in AWS
 * matches e-mail usernames case-insensitively, cognito-local does not; normalising on our side makes both
 * behave the same (one account per address, sign-in in any case).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
