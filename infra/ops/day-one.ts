/**
 * Day-one operations shared by the CLI scripts (infra/ops/*-cli.ts) and the local admin route
 * (infra/local/admin-route.ts): make a signed-in user an admin, seed the starter catalogue.
 * They act on a table and buckets directly (an operator's AWS credentials, or the local stack's emulators):
 * on a fresh stage nobody is an admin yet, so no API route could do it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { Db } from '../../shared/repositories/table';
import { findUserByEmail, updateUser } from '../../shared/repositories/user-repository';
import { seedCatalog } from '../local/seed-catalog';

export type GrantOutcome = { status: 'granted' | 'already'; userId: string } | { status: 'not-found' };

/**
 * Make the account with this e-mail a permanent admin (role, current role, permanent role on its user item, the
 * record every request checks). The account must exist and have signed in once (that creates its user item).
 */
export async function grantAdmin(db: Db, email: string): Promise<GrantOutcome> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) return { status: 'not-found' };
  if (user.permanentRole === 'admin' && user.role === 'admin') return { status: 'already', userId: user.id };
  await updateUser(db, user.id, { role: 'admin', currentRole: 'admin', permanentRole: 'admin' });
  return { status: 'granted', userId: user.id };
}

export type SeedOutcome = { status: 'seeded' | 'already'; ownerId: string } | { status: 'owner-not-found' };

/** The starter catalogue (categories, styles and their images), owned by this account; idempotent. */
export async function seedStarterCatalog(o: {
  db: Db;
  s3: S3Client;
  publicBucket: string;
  ownerEmail: string;
  log?: (line: string) => void;
}): Promise<SeedOutcome> {
  const owner = await findUserByEmail(o.db, o.ownerEmail.trim().toLowerCase());
  if (!owner) return { status: 'owner-not-found' };
  const { written } = await seedCatalog({
    db: o.db,
    s3: o.s3,
    publicBucket: o.publicBucket,
    owners: { influencer: owner.id, admin: owner.id },
    log: o.log,
  });
  return { status: written ? 'seeded' : 'already', ownerId: owner.id };
}
