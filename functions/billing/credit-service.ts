/**
 * Admin credit adjustments. `creditUseCases(deps)` is the use case on its collaborators (the ledger and the user
 * lookup); `adjustCredits(db, ...)` below is the production wiring the admin group calls.
 */
import { BUSY_MESSAGE, HttpError, ERROR_CODES, notFound } from '../../shared/errors';
import { creditCount } from '../../shared/domain/plans';
import { StorageContention } from '../../shared/repositories/toolkit';
import type { Db } from '../../shared/repositories/table';
import {
  getBalance,
  recordMovement,
  InsufficientCredits,
  type Balance,
} from '../../shared/repositories/ledger-repository';
import { getUser } from '../../shared/repositories/user-repository';
import type { AdjustCreditsInput } from '../../shared/schemas/credits';
import { bindDb, type Store } from '../lib/bind-db';

const repositories = { getBalance, recordMovement, getUser };
export type CreditStore = Store<typeof repositories>;

export function creditUseCases({ store }: { store: CreditStore }) {
  /** An admin adjustment: one ledger entry per idempotency key, never below zero in the bucket. */
  async function adjustCredits(
    adminId: string,
    input: AdjustCreditsInput,
  ): Promise<{ applied: boolean; balance: Balance }> {
    if (!(await store.getUser(input.userId))) throw notFound('User not found');
    try {
      const applied = await store.recordMovement({
        userId: input.userId,
        kind: 'admin.adjust',
        bucket: input.bucket,
        amount: input.amount,
        causeId: `${adminId}:${input.idempotencyKey}`,
        note: input.reason,
      });
      return { applied, balance: await store.getBalance(input.userId) };
    } catch (err) {
      if (err instanceof InsufficientCredits)
        throw new HttpError(
          409,
          ERROR_CODES.conflict,
          `The ${input.bucket} bucket has fewer than ${creditCount(-input.amount)}`,
        );
      // conflicting writes outlasted the retries: nothing was recorded, and it is not the bucket's fault
      if (err instanceof StorageContention) throw new HttpError(503, ERROR_CODES.busy, BUSY_MESSAGE);
      throw err;
    }
  }
  return { adjustCredits };
}

export const adjustCredits = (
  db: Db,
  adminId: string,
  input: AdjustCreditsInput,
): Promise<{ applied: boolean; balance: Balance }> =>
  creditUseCases({ store: bindDb(db, repositories) }).adjustCredits(adminId, input);
