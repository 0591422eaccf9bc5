/**
 * Integration-test users in the state a feature needs before it can be used: signed in once (GET /api/auth/user
 * made the user item), a plan or role patch, monthly credits, an adult age statement and a photo profile made
 * through the API (with consent). One place, so every test sets users up the way the product does.
 */
import { fullBodyJpeg, garmentJpeg, solidJpeg } from './api-client';
import { drainLocalInvocations } from '../../functions/generations/workflow/render-invoker';
import { expect } from 'vitest';
import { AGE_CONFIRMATION, PHOTO_CONSENT, type AgeStatus } from '../../shared/domain/privacy';
import { recordMovement } from '../../shared/repositories/ledger-repository';
import { setAgeStatus } from '../../shared/repositories/privacy-repository';
import { updateUser, type UserPatch } from '../../shared/repositories/user-repository';
import type { IntegrationContext, TestUser } from './integration';
import { multipart } from './media';

/** The role fields of an influencer (no plan). */
export const INFLUENCER_ROLE: UserPatch = {
  role: 'influencer',
  currentRole: 'influencer',
  permanentRole: 'influencer',
  isInfluencer: true,
};

/** A plain JPEG of one colour (a stand-in photo). */
export { garmentJpeg, solidJpeg };

/** A user who signed in once (their user item exists), with `patch` applied when it names anything. */
export async function createSignedInUser(ctx: IntegrationContext, patch?: UserPatch): Promise<TestUser> {
  const user = await ctx.createUser();
  await ctx.invoke('GET', '/api/auth/user', { token: user.idToken });
  if (patch && Object.keys(patch).length) await updateUser(ctx.db, user.sub, patch);
  return user;
}

export interface AdultUserOptions {
  /** Applied after sign-in; default { currentPlan: 'starter' } (the patch replaces it, so name the plan). */
  patch?: UserPatch;
  /** A monthly grant of this many credits (none when 0 or absent). */
  credits?: number;
  /** The age statement on file: 'adult' unless told (null: none). */
  age?: AgeStatus | null;
}

/** A signed-in user on a plan, with monthly credits and (unless told otherwise) an adult age statement. */
export async function createAdultUser(ctx: IntegrationContext, opts: AdultUserOptions = {}): Promise<TestUser> {
  const user = await createSignedInUser(ctx, opts.patch ?? { currentPlan: 'starter' });
  if (opts.credits)
    await recordMovement(ctx.db, {
      userId: user.sub,
      kind: 'grant.monthly',
      bucket: 'monthly',
      amount: opts.credits,
      causeId: `test-${user.sub}`,
    });
  const age = opts.age === undefined ? 'adult' : opts.age;
  if (age) await setAgeStatus(ctx.db, user.sub, age, AGE_CONFIRMATION.version);
  return user;
}

export interface ProfileUserOptions extends AdultUserOptions {
  /** Side of the square portrait in pixels (the full-body photo is side x 1.5 side); default 600. */
  photoSide?: number;
  /** false: a portrait-only profile. */
  fullBody?: boolean;
}

/** An adult user (see createAdultUser) with one photo profile created through POST /api/photo-profiles. */
export async function createUserWithProfile(
  ctx: IntegrationContext,
  opts: ProfileUserOptions = {},
): Promise<{ user: TestUser; profileId: string }> {
  const user = await createAdultUser(ctx, opts);
  const side = opts.photoSide ?? 600;
  const mp = multipart({
    consent: PHOTO_CONSENT.version,
    name: 'Me',
    gender: 'female',
    bodyDescription: 'Slim build, 170 cm, long dark hair',
    portrait: { content: await solidJpeg(side, side, '#c9a27e'), filename: 'portrait.jpg', type: 'image/jpeg' },
    fullBody:
      opts.fullBody === false
        ? undefined
        : { content: await fullBodyJpeg(side * 1.5), filename: 'body.jpg', type: 'image/jpeg' },
  });
  const res = await ctx.invoke('POST', '/api/photo-profiles', {
    token: user.idToken,
    body: mp.body,
    headers: mp.headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // the full-body check runs in the (local) render worker: wait for its verdict, as the SPA does
  await drainLocalInvocations();
  return { user, profileId: res.body.id as string };
}
