/** The influencer program on in-memory collaborators: who may apply, one pending application, the review. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { APPLICATION_MESSAGES } from '../../shared/domain/influencer';
import type { InfluencerApplicationRecord, RoleGrant } from '../../shared/repositories/influencer-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { ApplicationReviewInput, InfluencerApplyInput } from '../../shared/schemas/admin';
import { aUser } from '../../test/support/in-memory-start-deps';
import { influencerGrant, influencerUseCases } from './influencer-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const USE_CASE = 'I post outfit ideas for my followers every week and want to publish styles for them.';
const subscriber = aUser({ id: 'sub', currentPlan: 'starter', subscriptionStatus: 'active' });
const reviewer = aUser({ id: 'admin', role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
const applying = (fields: Partial<InfluencerApplyInput> = {}): InfluencerApplyInput => ({
  useCase: USE_CASE,
  instagramHandle: undefined,
  tiktokHandle: undefined,
  youtubeChannel: undefined,
  otherSocial: undefined,
  ...fields,
});
const review = (status: ApplicationReviewInput['status'], reviewNotes?: string): ApplicationReviewInput => ({
  status,
  reviewNotes,
});
let users: Map<string, UserRecord>;
let apps: Map<string, InfluencerApplicationRecord>;
let grants: { userId: string; grant: RoleGrant | null }[];
/** What the next review write answers instead of applying ('user-changed' once: a concurrent role change). */
let nextReview: 'user-changed' | null;
let uc: ReturnType<typeof influencerUseCases>;

beforeEach(() => {
  users = new Map([
    ['sub', subscriber],
    ['admin', reviewer],
  ]);
  apps = new Map();
  grants = [];
  nextReview = null;
  uc = influencerUseCases({
    store: {
      getUser: (id) => Promise.resolve(users.get(id) ?? null),
      createApplication: (app) => {
        if (users.get(app.userId)?.isInfluencer) return Promise.resolve('influencer');
        if ([...apps.values()].some((a) => a.userId === app.userId && a.status === 'pending'))
          return Promise.resolve('pending');
        apps.set(app.id, app);
        return Promise.resolve('created');
      },
      getApplication: (id) => Promise.resolve(apps.get(id) ?? null),
      latestApplicationOf: (userId) =>
        Promise.resolve(
          [...apps.values()].filter((a) => a.userId === userId).sort((a, b) => b.id.localeCompare(a.id))[0] ?? null,
        ),
      listApplications: (status) =>
        Promise.resolve([...apps.values()].filter((a) => !status || a.status === status).reverse()),
      reviewApplication: (app, decision, reviewNotes, reviewerId, grant, at = new Date()) => {
        const current = apps.get(app.id);
        if (!current || current.status !== 'pending') return Promise.resolve('not-pending');
        if (nextReview) {
          const answer = nextReview;
          nextReview = null;
          return Promise.resolve(answer);
        }
        apps.set(app.id, {
          ...current,
          status: decision,
          reviewNotes,
          reviewedBy: reviewerId,
          reviewedAt: at.toISOString(),
        });
        grants.push({ userId: app.userId, grant });
        return Promise.resolve('ok');
      },
    },
  });
});

describe('applying', () => {
  it('a live Starter or Creator subscriber applies; the answer hides the reviewer', async () => {
    const a = await uc.apply(subscriber, applying({ instagramHandle: 'ada' }), now);
    expect(a).toMatchObject({ userId: 'sub', status: 'pending', instagramHandle: 'ada', tiktokHandle: null });
    expect(a).not.toHaveProperty('reviewedBy');
    expect(await uc.myApplication(subscriber)).toEqual(a);
  });

  it('without a live monthly plan: 403 influencer.plan_required, nothing stored', async () => {
    for (const u of [
      aUser({ id: 'none' }),
      aUser({ id: 'lapsed', currentPlan: 'starter', subscriptionStatus: 'canceled' }),
    ])
      await expect(uc.apply(u, applying(), now)).rejects.toMatchObject({
        status: 403,
        code: ERROR_CODES.influencerPlanRequired,
        message: APPLICATION_MESSAGES.planRequired,
      });
    expect(apps.size).toBe(0);
  });

  it('one pending application at a time (409); an influencer cannot apply (409)', async () => {
    await uc.apply(subscriber, applying(), now);
    await expect(uc.apply(subscriber, applying(), now)).rejects.toMatchObject({
      status: 409,
      code: ERROR_CODES.influencerPending,
    });
    const inf = aUser({ id: 'inf', isInfluencer: true, currentPlan: 'starter', subscriptionStatus: 'active' });
    await expect(uc.apply(inf, applying(), now)).rejects.toMatchObject({
      status: 409,
      code: ERROR_CODES.influencerAlready,
    });
    expect(apps.size).toBe(1);
  });
});

describe('reviewing', () => {
  it('approval grants the influencer role with the decision; a second review is 409', async () => {
    const a = await uc.apply(subscriber, applying(), now);
    const reviewed = await uc.adminReviewApplication(reviewer, a.id, review('approved', 'Welcome'), now);
    expect(reviewed).toMatchObject(review('approved', 'Welcome'));
    expect(reviewed).not.toHaveProperty('reviewedBy');
    expect(grants).toEqual([
      {
        userId: 'sub',
        grant: {
          role: 'influencer',
          currentRole: 'influencer',
          permanentRole: 'influencer',
          expectedPermanentRole: 'shopper',
        },
      },
    ]);
    await expect(uc.adminReviewApplication(reviewer, a.id, review('rejected'), now)).rejects.toMatchObject({
      status: 409,
      code: ERROR_CODES.influencerNotPending,
    });
  });

  it('a rejection grants nothing; an unknown application is 404', async () => {
    const a = await uc.apply(subscriber, applying(), now);
    await uc.adminReviewApplication(reviewer, a.id, review('rejected'), now);
    expect(grants).toEqual([{ userId: 'sub', grant: null }]);
    await expect(uc.adminReviewApplication(reviewer, 'nope', review('approved'), now)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('a user whose role changed meanwhile is read again and the grant retried', async () => {
    const a = await uc.apply(subscriber, applying(), now);
    nextReview = 'user-changed';
    expect((await uc.adminReviewApplication(reviewer, a.id, review('approved'), now)).status).toBe('approved');
    expect(grants).toHaveLength(1);
  });

  it('an admin approved keeps the admin role', () => {
    expect(influencerGrant({ role: 'admin', currentRole: 'shopper', permanentRole: 'admin' })).toEqual({
      role: 'admin',
      currentRole: 'shopper',
      permanentRole: 'admin',
      expectedPermanentRole: 'admin',
    });
  });

  it('the admin list shows each applicant, or no user when the account is gone', async () => {
    const a = await uc.apply(subscriber, applying(), now);
    apps.set('orphan', { ...a, id: 'orphan', userId: 'deleted', reviewedBy: null });
    const list = await uc.adminListApplications('pending');
    expect(list.map((x) => [x.id, x.user?.id ?? null])).toEqual([
      ['orphan', null],
      [a.id, 'sub'],
    ]);
    expect(list[1]?.user).toMatchObject({ username: 'u1', currentPlan: 'starter', isInfluencer: false });
  });
});
