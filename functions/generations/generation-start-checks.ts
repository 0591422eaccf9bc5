/**
 * The checks every generation start makes before anything is spent, in the spec's order (spec 02 section 5):
 * credits, the photo profile and its photos, the prompt; and the style and image references a start names.
 * Each answers a value or throws the 4xx the spec gives; none calls back into a start. What follows them is
 * generation-start-commit.ts (charge, record, dispatch).
 */
import { ERROR_CODES, HttpError, badRequest, notFound } from '../../shared/errors';
import {
  GENERATION_MESSAGES as M,
  defaultPromptTemplateId,
  GENERATION_TITLES,
  type Mode,
} from '../../shared/domain/generation';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { StyleRecord } from '../../shared/repositories/catalog-repository';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';
import { BODY_CHECK_MESSAGES, bodyCheckOf } from '../../shared/domain/body-check';
import { imageRefPath, looksLikeImageRef, parseImageRef } from '../../shared/domain/image-ref';
import { DIRECT_UPLOAD_MESSAGES } from '../../shared/schemas/upload';
import { mediaKeys } from '../lib/media-store';
import type { StartDeps } from './start-deps';

/**
 * Too few credits for the start (402 limit.credits; also the commit's answer when the balance fell meanwhile):
 * typed, since another start's spend can be the cause (start-idempotency.ts reads the key again then).
 */
export class NotEnoughCredits extends HttpError {
  constructor() {
    super(402, ERROR_CODES.limitCredits, M.insufficientCredits);
    this.name = 'NotEnoughCredits';
  }
}
export const insufficient = () => new NotEnoughCredits();

/** Credits first (spec order): at least the cost, unless the account is unlimited. */
export async function assertCredits({ store }: StartDeps, user: UserRecord, cost: number) {
  if (user.hasUnlimitedCredits) return;
  const balance = await store.getBalance(user.id);
  if (balance.credits < cost) throw insufficient();
}

/** The profile named, else the default one, else the first; 400 when the caller has none. */
export async function resolveProfile(
  { store }: StartDeps,
  user: UserRecord,
  photoProfileId: string | undefined,
): Promise<PhotoProfileRecord> {
  if (!photoProfileId) {
    const all = await store.listPhotoProfiles(user.id);
    const def = all.find((p) => p.isDefault) ?? all[0];
    if (!def) throw new HttpError(400, ERROR_CODES.profileRequired, M.profileRequired);
    return def;
  }
  const p = await store.getPhotoProfile(user.id, photoProfileId);
  if (!p) throw notFound(M.profileNotFound);
  return p;
}

/**
 * The photos a start needs, checked before any credit is reserved: Exact mode dresses the full-body photo, and so
 * does every mode the Fitly engine renders; such a photo must have passed the full-body check (refused: 422 with
 * what to fix; not answered yet: 409). The engine does
 * not place accessories (docs/decisions.md): an outfit with one is refused before spending.
 */
export async function assertPhotosFor(
  { providers }: StartDeps,
  mode: Mode,
  p: PhotoProfileRecord,
  slots: readonly string[] = [],
) {
  const provider = await providers.nameFor(mode);
  const needsBody = mode === 'exact' || provider === 'engine';
  if (needsBody && !p.fullBodyKey) throw new HttpError(400, ERROR_CODES.fullBodyRequired, M.fullBodyRequired);
  if (mode === 'creative' && !p.portraitKey)
    throw new HttpError(400, ERROR_CODES.portraitRequired, GENERATION_TITLES.portraitRequired);
  if (provider === 'engine' && slots.includes('accessory'))
    throw new HttpError(422, ERROR_CODES.engineAccessory, BODY_CHECK_MESSAGES.engineAccessory);
  if (!needsBody) return;
  const check = bodyCheckOf(p);
  if (check?.status === 'refused')
    throw new HttpError(422, ERROR_CODES.photoNotFullBody, check.message ?? BODY_CHECK_MESSAGES.refusedFallback);
  // (an overdue check is asked again by the profile list the SPA polls: functions/profiles/photo-profile-service.ts)
  if (check?.status === 'checking') throw new HttpError(409, ERROR_CODES.photoChecking, BODY_CHECK_MESSAGES.checking);
}

/** The prompt template of a creative generation: the one chosen, else the default rule, else an error. */
export async function resolvePrompt(
  { store }: StartDeps,
  chosen: string | undefined,
  styleDefault: string | null,
  required: { message: string } | null,
): Promise<{ id: string; name: string } | null> {
  if (chosen) {
    const t = await store.getPromptTemplate(chosen);
    if (!t) throw notFound(M.templateNotFound);
    return { id: t.id, name: t.name };
  }
  if (required) throw new HttpError(400, ERROR_CODES.promptRequired, required.message);
  const prompts = await store.listPromptTemplates();
  const id = defaultPromptTemplateId(styleDefault, prompts);
  if (!id) throw new HttpError(400, ERROR_CODES.noTemplate, M.noTemplate);
  return { id, name: prompts.find((p) => p.id === id)!.name };
}

/** A style the caller may see (public, or the caller's own draft); 404 otherwise. */
export async function requireStyle({ store }: StartDeps, user: UserRecord, styleId: string): Promise<StyleRecord> {
  const style = await store.getVisibleStyle(styleId, user.id);
  if (!style) throw notFound(M.styleNotFound);
  return style;
}

/** Where an outfit image given by URL may come from: our own media, or a public http(s) address. */
export function checkImageRef(url: string, userId: string): string {
  if (looksLikeImageRef(url)) {
    const ref = parseImageRef(url, { callerId: userId });
    if (!ref.ok)
      throw ref.reason === 'not_found'
        ? notFound('Image not found')
        : badRequest('The image address is not a valid image reference');
    return imageRefPath(ref);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('The image address is not a valid URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw badRequest('Only http and https URLs are allowed');
  return parsed.toString();
}

/**
 * A template input the caller uploaded (direct upload, purpose template_input): its key, or a 404 when the
 * reference is not one of the caller's template inputs (another user's, a profile photo, a public image).
 */
export function templateInputKey(url: string | undefined, userId: string): string | null {
  if (!url) return null;
  const ref = parseImageRef(url, { callerId: userId });
  if (!ref.ok) {
    if (ref.reason === 'not_found') throw notFound(DIRECT_UPLOAD_MESSAGES.notFound);
    throw badRequest('The image address is not a valid image reference');
  }
  if (ref.bucket !== 'private' || !ref.key.startsWith(mediaKeys.templateInputPrefix(userId)))
    throw notFound(DIRECT_UPLOAD_MESSAGES.notFound);
  return ref.key;
}
