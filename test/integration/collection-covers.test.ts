/** Collection covers follow the collection's current styles; empty collections are not listed (issue 14). */
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../shared/repositories/user-repository';
import { putTestStyle } from '../support/styles';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';

let ctx: IntegrationContext;
let owner: TestUser;
let other: TestUser;

const img = (id: string) => `/api/public-image/seed/${id}.jpg`;

const putStyle = (id: string, createdBy: string) => putTestStyle(ctx, id, createdBy, { promptImageUrl: img(id) });
interface Summary {
  id: string;
  coverImage: string | null;
  styleCount: number;
}

beforeAll(async () => {
  ctx = await setupIntegration();
  [owner, other] = await Promise.all([ctx.createUser(), ctx.createUser()]);
  for (const u of [owner, other]) await ctx.invoke('GET', '/api/auth/user', { token: u.idToken });
  await updateUser(ctx.db, owner.sub, {
    isPublic: true,
    isInfluencer: true,
    role: 'influencer',
    currentRole: 'influencer',
    permanentRole: 'influencer',
    currentPlan: 'creator',
    subscriptionStatus: 'active',
  });
  await Promise.all(['cv-a', 'cv-b', 'cv-c'].map((id) => putStyle(id, owner.sub)));
});

async function newCollection(name: string, styleIds: string[]): Promise<string> {
  const created = await ctx.invoke('POST', '/api/influencer-collections', {
    token: owner.idToken,
    body: { name, isPublic: true },
  });
  expect(created.status).toBe(201);
  for (const styleId of styleIds) {
    const added = await ctx.invoke('POST', `/api/influencer-collections/${created.body.id}/styles`, {
      token: owner.idToken,
      body: { styleId },
    });
    expect(added.status).toBe(200);
  }
  return created.body.id as string;
}

const listed = async (): Promise<Summary[]> => (await ctx.invoke('GET', '/api/collections')).body as Summary[];
const mine = async (id: string): Promise<Summary> =>
  (await ctx.invoke('GET', `/api/influencer-collections/${id}`, { token: owner.idToken })).body as Summary;

describe('collection covers', () => {
  it('removing the style that gave the cover moves the cover to a style still in the collection, then to none', async () => {
    const id = await newCollection('Cover follows', ['cv-a', 'cv-b']);
    expect((await mine(id)).coverImage).toBe(img('cv-a'));

    const removed = await ctx.invoke('DELETE', `/api/influencer-collections/${id}/styles/cv-a`, {
      token: owner.idToken,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.coverImage).toBe(img('cv-b'));
    expect((await listed()).find((c) => c.id === id)?.coverImage).toBe(img('cv-b'));

    await ctx.invoke('DELETE', `/api/influencer-collections/${id}/styles/cv-b`, { token: owner.idToken });
    expect(await mine(id)).toMatchObject({ coverImage: null, styleCount: 0 });
  });

  it('deleting the style in the editor re-picks the cover of every collection it was in', async () => {
    await putStyle('cv-d', owner.sub);
    const id = await newCollection('Editor delete', ['cv-d', 'cv-c']);
    expect((await mine(id)).coverImage).toBe(img('cv-d'));
    const del = await ctx.invoke('DELETE', '/api/admin/styles/cv-d', { token: owner.idToken });
    expect(del.status).toBe(200);
    expect(await mine(id)).toMatchObject({ coverImage: img('cv-c'), styleCount: 1 });
  });
});

describe('empty collections are not listed', () => {
  it('to visitors and other users; the owner still sees it', async () => {
    const empty = await newCollection('Nothing yet', []);
    const full = await newCollection('Something', ['cv-b']);
    const ids = (await listed()).map((c) => c.id);
    expect(ids).toContain(full);
    expect(ids).not.toContain(empty);

    const theirs = (await ctx.invoke('GET', `/api/influencer-collections/user/${owner.sub}`, { token: other.idToken }))
      .body as Summary[];
    expect(theirs.map((c) => c.id)).toContain(full);
    expect(theirs.map((c) => c.id)).not.toContain(empty);
    const own = (await ctx.invoke('GET', `/api/influencer-collections/user/${owner.sub}`, { token: owner.idToken }))
      .body as Summary[];
    expect(own.map((c) => c.id)).toEqual(expect.arrayContaining([empty, full]));
  });
});
