import { BUSY_MESSAGE, HttpError, ERROR_CODES } from '../../shared/errors';
import { creditCount } from '../../shared/domain/plans';
import { StorageContention } from '../../shared/repositories/toolkit';
import type { Db } from '../../shared/repositories/table';
import {
  getBalance,
  recordMovement,
  InsufficientCredits,
  type Balance,
} from '../../shared/repositories/ledger-repository';
import type { AdjustCreditsInput } from '../../shared/schemas/credits';
import { requireUserById } from '../profiles';

/** An admin adjustment: one ledger entry per idempotency key, never below zero in the bucket. */
export async function adjustCredits(
  db: Db,
  adminId: string,
  input: AdjustCreditsInput,
): Promise<{ applied: boolean; balance: Balance }> {
  await requireUserById(db, input.userId);
  try {
    const applied = await recordMovement(db, {
      userId: input.userId,
      kind: 'admin.adjust',
      bucket: input.bucket,
      amount: input.amount,
      causeId: `${adminId}:${input.idempotencyKey}`,
      note: input.reason,
    });
    return { applied, balance: await getBalance(db, input.userId) };
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
