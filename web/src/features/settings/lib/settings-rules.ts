/** Pure rules of the settings tabs (spec 02 sections 2, 5 and 9). */
import { HANDLE_PATTERN, HANDLE_RULE, normalizeHandle } from '@shared/domain/profile-rules';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/site-config';

/** Avatar: images only, under 5 MB. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const INVALID_FILE_TYPE = 'Invalid file type';
export const FILE_TOO_LARGE = 'File too large';

/** The client check before uploading an avatar: null when fine, else the error title. */
export function avatarFileProblem(
  file: Pick<File, 'type' | 'size'>,
): typeof INVALID_FILE_TYPE | typeof FILE_TOO_LARGE | null {
  if (!file.type || !file.type.startsWith('image/')) return INVALID_FILE_TYPE;
  if (file.size >= MAX_AVATAR_BYTES) return FILE_TOO_LARGE;
  return null;
}

/** The handle field's live hint: null when valid (after normalizing "@Name" -> "name"), else the rule. */
export function handleProblem(raw: string): string | null {
  const h = normalizeHandle(raw);
  if (!h) return 'Choose a handle';
  return HANDLE_PATTERN.test(h) ? null : HANDLE_RULE;
}

export const INFLUENCER_EMAIL = CONTACT_EMAIL;
export const COPIED_INDICATOR_MS = 2000;

/** The e-mail template an aspiring influencer can copy (subject line included). */
export function influencerEmailTemplate(u: {
  firstName?: string | null;
  lastName?: string | null;
  handle?: string | null;
  email?: string | null;
}): string {
  const name = [u.firstName, u.lastName].filter((s) => s && s.trim()).join(' ') || '[Your name]';
  return [
    `To: ${INFLUENCER_EMAIL}`,
    `Subject: Influencer program application: @${u.handle || '[your handle]'}`,
    '',
    'Hello,',
    '',
    `I would like to join the ${PRODUCT_NAME} influencer program.`,
    '',
    `Name: ${name}`,
    `Account e-mail: ${u.email || '[your e-mail]'}`,
    `${PRODUCT_NAME} handle: @${u.handle || '[your handle]'}`,
    'Instagram / TikTok / YouTube: [links]',
    'Audience size: [followers]',
    'How I would use the program: [a few sentences about your content and audience]',
    '',
    'Thank you!',
  ].join('\n');
}
