/**
 * The influencer program: a Starter or Creator subscriber applies (one pending application at a time), an admin
 * approves or rejects a pending one; approval makes the user an influencer (role, isInfluencer, influencerSince)
 * in the same transaction as the status change, so limits and role change at once.
 * `influencerUseCases({ store })` is the use case on its store; the functions taking `db` below are the production
 * wiring the handlers call.
 */
import { AGAIN, retryOptimistic } from '../../shared/repositories/toolkit';
import { ulid } from 'ulid';
import { HttpError, ERROR_CODES, conflict, notFound } from '../../shared/errors';
import { APPLICATION_MESSAGES as M, type ApplicationStatus } from '../../shared/domain/influencer';
import { canJoinInfluencerProgram } from '../../shared/domain/plans';
import type { Role } from '../../shared/domain/roles';
import type { Db } from '../../shared/repositories/table';
import {
  createApplication,
  getApplication,
  latestApplicationOf,
  listApplications,
  reviewApplication,
  type InfluencerApplicationRecord,
  type RoleGrant,
} from '../../shared/repositories/influencer-repository';
import { getUser, type UserRecord } from '../../shared/repositories/user-repository';
import type { ApplicationReviewInput, InfluencerApplyInput } from '../../shared/schemas/admin';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = {
  createApplication,
  getApplication,
  getUser,
  latestApplicationOf,
  listApplications,
  reviewApplication,
};

export const applicationView = ({ reviewedBy, ...a }: InfluencerApplicationRecord) => {
  void reviewedBy;
  return a;
};

/** What approval sets on the user: admins keep their admin role; a shopper's permanent role becomes influencer. */
export function influencerGrant(u: Pick<UserRecord, 'role' | 'currentRole' | 'permanentRole'>): RoleGrant {
  const permanent: Role = u.permanentRole ?? u.role ?? 'shopper';
  if (permanent === 'admin')
    return {
      role: u.role ?? 'admin',
      currentRole: u.currentRole ?? u.role ?? 'admin',
      permanentRole: 'admin',
      expectedPermanentRole: u.permanentRole ?? null,
    };
  return {
    role: 'influencer',
    currentRole: 'influencer',
    permanentRole: 'influencer',
    expectedPermanentRole: u.permanentRole ?? null,
  };
}

/** The influencer program's use cases, on their store. */
export function influencerUseCases({ store }: { store: Store<typeof repositories> }) {
  async function myApplication(user: UserRecord) {
    const a = await store.latestApplicationOf(user.id);
    return a ? applicationView(a) : null;
  }

  async function apply(user: UserRecord, input: InfluencerApplyInput, now = new Date()) {
    if (user.isInfluencer) throw conflict(M.alreadyInfluencer, ERROR_CODES.influencerAlready);
    if (!canJoinInfluencerProgram(user)) throw new HttpError(403, ERROR_CODES.influencerPlanRequired, M.planRequired);
    const ts = now.toISOString();
    const app: InfluencerApplicationRecord = {
      id: ulid(now.getTime()),
      userId: user.id,
      status: 'pending',
      useCase: input.useCase,
      instagramHandle: input.instagramHandle ?? null,
      tiktokHandle: input.tiktokHandle ?? null,
      youtubeChannel: input.youtubeChannel ?? null,
      otherSocial: input.otherSocial ?? null,
      reviewNotes: null,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: ts,
      updatedAt: ts,
    };
    const res = await store.createApplication(app);
    if (res === 'pending') throw conflict(M.pendingExists, ERROR_CODES.influencerPending);
    if (res === 'influencer') throw conflict(M.alreadyInfluencer, ERROR_CODES.influencerAlready);
    return applicationView(app);
  }

  async function adminListApplications(status: ApplicationStatus | null) {
    const apps = await store.listApplications(status);
    const users = new Map<string, UserRecord | null>();
    await Promise.all(
      [...new Set(apps.map((a) => a.userId))].map(async (id) => users.set(id, await store.getUser(id))),
    );
    return apps.map((a) => {
      const u = users.get(a.userId) ?? null;
      return {
        ...applicationView(a),
        // the applicant's account is gone (deleted): no user (the screen says so), never a user of nulls
        user: u
          ? {
              id: u.id,
              username: u.handle,
              email: u.email,
              firstName: u.firstName ?? null,
              lastName: u.lastName ?? null,
              currentPlan: u.currentPlan ?? 'none',
              isInfluencer: !!u.isInfluencer,
            }
          : null,
      };
    });
  }

  async function adminReviewApplication(
    reviewer: UserRecord,
    id: string,
    input: ApplicationReviewInput,
    now = new Date(),
  ) {
    await retryOptimistic(
      async () => {
        const app = await store.getApplication(id);
        if (!app) throw notFound(M.notFound);
        if (app.status !== 'pending') throw conflict(M.notPending, ERROR_CODES.influencerNotPending);
        let grant: RoleGrant | null = null;
        if (input.status === 'approved') {
          const u = await store.getUser(app.userId);
          if (!u) throw notFound('User not found');
          grant = influencerGrant(u);
        }
        const res = await store.reviewApplication(
          app,
          input.status,
          input.reviewNotes ?? null,
          reviewer.id,
          grant,
          now,
        );
        if (res === 'not-pending') throw conflict(M.notPending, ERROR_CODES.influencerNotPending);
        return res === 'ok' ? res : AGAIN;
      },
      () => conflict('The user changed meanwhile. Please try again.'),
    );
    return applicationView((await store.getApplication(id))!);
  }

  return { myApplication, apply, adminListApplications, adminReviewApplication };
}

type InfluencerUseCases = ReturnType<typeof influencerUseCases>;
const production = (db: Db) => influencerUseCases({ store: bindDb(db, repositories) });

export const myApplication = (db: Db, ...a: Parameters<InfluencerUseCases['myApplication']>) =>
  production(db).myApplication(...a);
export const apply = (db: Db, ...a: Parameters<InfluencerUseCases['apply']>) => production(db).apply(...a);
export const adminListApplications = (db: Db, ...a: Parameters<InfluencerUseCases['adminListApplications']>) =>
  production(db).adminListApplications(...a);
export const adminReviewApplication = (db: Db, ...a: Parameters<InfluencerUseCases['adminReviewApplication']>) =>
  production(db).adminReviewApplication(...a);
