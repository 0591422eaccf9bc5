/**
 * Size advice through the API (issue 25): a style's size chart (saved by the style editor's routes in the
 * creator's unit, stored and returned in cm, public with the style) and a photo profile's measurements (private
 * to the owner, deleted with the profile, in the data export). Every bad input answers 400 `{ message, code }`
 * and changes nothing; another user's records answer 403 (a style) or 404 (a profile) and stay as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '../../shared/repositories/dynamo-client';
import { strFromU8, unzipSync } from 'fflate';
import { createS3Client } from '../../infra/local/s3-sdk';
import { buildExport } from '../../functions/privacy/export-build';
import { setExportRunner } from '../../functions/privacy/export-service';
import { seedCatalog, seedStyleId } from '../../infra/local/seed-catalog';
import { keys } from '../../shared/repositories/keys';
import type { UserPatch } from '../../shared/repositories/user-repository';
import { ERROR_CODES } from '../../shared/errors';
import { SIZE_MESSAGES } from '../../shared/domain/size-advice';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { createUserWithProfile, createSignedInUser } from '../support/users';
import { uploadOwnStyleImage } from '../support/styles';

let ctx: IntegrationContext;
let creator: TestUser;
let otherCreator: TestUser;

const PROMPT_IMG = '/api/public-image/styles/seed-style-01/prompt.webp';
const INFLUENCER: UserPatch = {
  role: 'influencer',
  currentRole: 'influencer',
  permanentRole: 'influencer',
  isInfluencer: true,
  currentPlan: 'creator',
  subscriptionStatus: 'active',
};

const as = (u: TestUser | null) => ({
  get: (path: string) => ctx.invoke('GET', path, { token: u?.idToken ?? null }),
  post: (path: string, body: unknown) => ctx.invoke('POST', path, { token: u?.idToken ?? null, body }),
  patch: (path: string, body: unknown) => ctx.invoke('PATCH', path, { token: u?.idToken ?? null, body }),
  put: (path: string, body: unknown) => ctx.invoke('PUT', path, { token: u?.idToken ?? null, body }),
  del: (path: string) => ctx.invoke('DELETE', path, { token: u?.idToken ?? null }),
});

/** A tee's chart in inches (what a US brand publishes). */
const teeInches = {
  unit: 'in',
  fit: 'regular',
  sizes: [
    { name: 'S', chest: 38, length: 27 },
    { name: 'M', chest: 40, length: 28 },
    { name: 'L', chest: 42.5, length: 29 },
  ],
};
/** The same chart as stored: centimetres, one decimal. */
const teeCm = {
  unit: 'cm',
  fit: 'regular',
  sizes: [
    { name: 'S', chest: 96.5, length: 68.6 },
    { name: 'M', chest: 101.6, length: 71.1 },
    { name: 'L', chest: 108, length: 73.7 },
  ],
};

/** Bad charts, each with the message the editor shows on its field. */
const badCharts: [string, unknown, string][] = [
  ['a negative value', { unit: 'cm', fit: 'slim', sizes: [{ name: 'S', chest: -96 }] }, 'between 60 and 210 cm'],
  ['a value out of range', { unit: 'cm', fit: 'slim', sizes: [{ name: 'S', chest: 960 }] }, 'between 60 and 210 cm'],
  ['cm typed with the unit in', { unit: 'in', fit: 'slim', sizes: [{ name: 'S', chest: 96 }] }, 'between 23.7 and'],
  ['no sizes', { unit: 'cm', fit: 'regular', sizes: [] }, SIZE_MESSAGES.sizesRequired],
  [
    'duplicate size names',
    {
      unit: 'cm',
      fit: 'regular',
      sizes: [
        { name: 'M', chest: 100 },
        { name: 'm', chest: 104 },
      ],
    },
    SIZE_MESSAGES.duplicateName,
  ],
  ['an empty row', { unit: 'cm', fit: 'regular', sizes: [{ name: 'M' }] }, SIZE_MESSAGES.measurementRequired],
  ['a wrong unit', { unit: 'mm', fit: 'regular', sizes: [{ name: 'M', chest: 1000 }] }, SIZE_MESSAGES.unit],
  ['an unknown fit', { unit: 'cm', fit: 'baggy', sizes: [{ name: 'M', chest: 100 }] }, SIZE_MESSAGES.fit],
  ['a measurement as text', { unit: 'cm', fit: 'regular', sizes: [{ name: 'M', chest: '100' }] }, 'Enter a number'],
];

const expectRefused = (res: { status: number; body: { message?: unknown; code?: unknown } }, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe(ERROR_CODES.validation);
  expect(String(res.body.message)).toContain(message);
};

beforeAll(async () => {
  ctx = await setupIntegration();
  [creator, otherCreator] = await Promise.all([
    createSignedInUser(ctx, INFLUENCER),
    createSignedInUser(ctx, INFLUENCER),
  ]);
  await seedCatalog({
    db: ctx.db,
    s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
    publicBucket: process.env.PUBLIC_BUCKET!,
    owners: { influencer: creator.sub, admin: otherCreator.sub },
  });
  // exports are built by the test itself (buildExport), not in the background
  setExportRunner(() => undefined);
});

describe('a style size chart', () => {
  it('is saved in the creator unit, stored and returned in cm, public with the style, replaced and removed', async () => {
    const created = await as(creator).post('/api/admin/styles', {
      name: 'Sized tee',
      promptImageUrl: PROMPT_IMG,
      sizeChart: teeInches,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.sizeChart).toEqual(teeCm);
    const id = created.body.id as string;
    // the public read (no token) carries it
    const pub = await as(null).get(`/api/styles/${id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.sizeChart).toEqual(teeCm);

    const jeans = {
      unit: 'cm',
      fit: 'slim',
      sizes: [
        { name: '30', waist: 78, hips: 96, inseam: 81 },
        { name: '32', waist: 83, hips: 101, inseam: 81 },
      ],
    };
    const replaced = await as(creator).patch(`/api/admin/styles/${id}`, { sizeChart: jeans });
    expect(replaced.status).toBe(200);
    expect((await as(null).get(`/api/styles/${id}`)).body.sizeChart).toEqual(jeans);
    // a patch of other fields keeps the chart
    expect((await as(creator).patch(`/api/admin/styles/${id}`, { description: 'Still sized' })).body.sizeChart).toEqual(
      jeans,
    );
    const removed = await as(creator).patch(`/api/admin/styles/${id}`, { sizeChart: null });
    expect(removed.status).toBe(200);
    expect(removed.body.sizeChart).toBeNull();
    expect((await as(null).get(`/api/styles/${id}`)).body.sizeChart).toBeNull();
  });

  it('is on the seeded demo styles (and a style without one reads as null)', async () => {
    const sized = await as(null).get(`/api/styles/${seedStyleId(0)}`);
    expect(sized.body.sizeChart).toMatchObject({ unit: 'cm', fit: 'regular' });
    expect(sized.body.sizeChart.sizes.map((s: { name: string }) => s.name)).toEqual(['S', 'M', 'L', 'XL']);
    expect((await as(null).get(`/api/styles/${seedStyleId(10)}`)).body.sizeChart).toBeNull();
  });

  it.each(badCharts)('refuses %s with a clear 400 and changes nothing', async (_what, chart, message) => {
    const created = await as(creator).post('/api/admin/styles', {
      name: 'Chart kept',
      promptImageUrl: PROMPT_IMG,
      sizeChart: teeInches,
    });
    const id = created.body.id as string;
    const before = await as(creator).get('/api/admin/styles');

    expectRefused(await as(creator).patch(`/api/admin/styles/${id}`, { sizeChart: chart, name: 'Renamed' }), message);
    expectRefused(
      await as(creator).post('/api/admin/styles', { name: 'Never made', promptImageUrl: PROMPT_IMG, sizeChart: chart }),
      message,
    );
    const after = await as(creator).get('/api/admin/styles');
    expect(after.body).toEqual(before.body);
    const read = await as(null).get(`/api/styles/${id}`);
    expect(read.body).toMatchObject({ name: 'Chart kept', sizeChart: teeCm });
  });

  it("refuses a chart on another creator's style (403) and leaves it as it was", async () => {
    const theirs = await as(otherCreator).post('/api/admin/styles', {
      name: 'Theirs',
      promptImageUrl: await uploadOwnStyleImage(ctx, otherCreator),
    });
    expect(theirs.status).toBe(201);
    const res = await as(creator).patch(`/api/admin/styles/${theirs.body.id}`, { sizeChart: teeInches });
    expect(res.status).toBe(403);
    expect(res.body.code).toBeTruthy();
    expect((await as(null).get(`/api/styles/${theirs.body.id}`)).body.sizeChart).toBeNull();
  });
});

describe('a photo profile measurements', () => {
  const bad: [string, unknown, string][] = [
    ['a negative value', { unit: 'cm', waist: -80 }, 'Waist must be between 45 and 170 cm'],
    ['a value out of range', { unit: 'cm', height: 17 }, 'Height must be between 120 and 230 cm'],
    ['cm typed with the unit in', { unit: 'in', height: 175 }, 'Height must be between 47.3 and 90.5 in'],
    ['a wrong unit', { unit: 'mm', height: 1750 }, SIZE_MESSAGES.unit],
    ['text for a number', { unit: 'cm', chest: 'ninety' }, 'Enter a number'],
  ];

  it('are saved in the unit given, stored in cm, read back by the owner only, and removed when none are given', async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { fullBody: false });
    const stranger = (await createUserWithProfile(ctx, { fullBody: false })).user;
    const path = `/api/photo-profiles/${profileId}/measurements`;
    const fresh = await as(user).get('/api/photo-profiles');
    expect(fresh.body[0].measurements).toBeNull();

    const saved = await as(user).put(path, { unit: 'in', height: 69, chest: 38, inseam: 31 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const cm = { height: 175.3, chest: 96.5, inseam: 78.7 };
    expect(saved.body.measurements).toEqual(cm);
    expect((await as(user).get('/api/photo-profiles')).body[0].measurements).toEqual(cm);

    for (const [, body, message] of bad) expectRefused(await as(user).put(path, body), message);
    // another user's id is not found, and nothing of theirs or the owner's changes
    const theirs = await as(stranger).put(path, { unit: 'cm', chest: 120 });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Photo profile not found');
    expect((await as(user).get('/api/photo-profiles')).body[0].measurements).toEqual(cm);
    // never in another user's reads
    const strangerReads = JSON.stringify((await as(stranger).get('/api/photo-profiles')).body);
    expect(strangerReads).not.toContain(profileId);
    expect(strangerReads).not.toContain('175.3');
    expect((await as(null).put(path, { unit: 'cm', chest: 100 })).status).toBe(401);

    const cleared = await as(user).put(path, { unit: 'cm' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.measurements).toBeNull();
  });

  it('go with the profile when it is deleted (and are not written back afterwards)', async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { fullBody: false });
    const path = `/api/photo-profiles/${profileId}/measurements`;
    expect((await as(user).put(path, { unit: 'cm', chest: 96, waist: 80 })).status).toBe(200);
    const item = () =>
      ctx.db.doc.send(
        new GetCommand({ TableName: ctx.tableName, Key: keys.photoProfile(user.sub, profileId), ConsistentRead: true }),
      );
    expect((await item()).Item?.measurements).toEqual({ chest: 96, waist: 80 });
    expect((await as(user).del(`/api/photo-profiles/${profileId}`)).status).toBe(204);
    expect((await item()).Item).toBeUndefined();
    expect((await as(user).put(path, { unit: 'cm', chest: 96 })).status).toBe(404);
    expect((await item()).Item).toBeUndefined();
  });

  it("are in the data export's profile section", async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { fullBody: false });
    expect(
      (await as(user).put(`/api/photo-profiles/${profileId}/measurements`, { unit: 'cm', height: 168, hips: 98 }))
        .status,
    ).toBe(200);
    const started = await as(user).post('/api/user/export', {});
    expect(started.status).toBe(202);
    await buildExport(ctx.db, user.sub, started.body.id);
    const ready = await as(user).get(`/api/user/export/${started.body.id}`);
    expect(ready.body.status).toBe('ready');
    const zip = unzipSync(new Uint8Array(await (await fetch(ready.body.url)).arrayBuffer()));
    const data = JSON.parse(strFromU8(zip['profile.json']!));
    expect(data.photoProfiles).toEqual([
      expect.objectContaining({ id: profileId, measurements: { height: 168, hips: 98 } }),
    ]);
  });
});
