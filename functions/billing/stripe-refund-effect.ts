/**
 * A refund or dispute revokes what the payment granted, once per charge and refunded amount
 * (`revoke.refund:<charge id>:<amount refunded>`).
 */
import { ledgerEntryId, moneyMeta } from '../../shared/domain/ledger';
import { creditCount } from '../../shared/domain/plans';
import type { LedgerWrite } from '../../shared/repositories/ledger-repository';
import { ignored, type Effect, type EffectContext } from './stripe-effect';

/**
 * Remove what the payment granted and is still unspent (never below zero). A partial refund revokes the same
 * share of the grant (rounded up); the shortfall (credits already spent) is recorded on the entry. Each payment
 * ref's `revoked` total is advanced in the same transaction.
 */
export async function revocationEffect(
  ctx: EffectContext,
  refs: string[],
  causeId: string,
  refunded: number,
  paid: number,
  currency: string | null = null,
): Promise<Effect> {
  const { store } = ctx;
  const g = await store.findPaymentGrant(refs);
  if (!g) return ignored('no grant for this payment');
  const share = paid > 0 ? Math.min(1, refunded / paid) : 1;
  const target = Math.ceil(g.amount * share);
  const revokedBefore = Number(g.revoked ?? 0);
  const toRevoke = target - revokedBefore;
  if (toRevoke <= 0) return { ...ignored('already revoked'), userId: g.userId };
  const balance = await store.getBalance(g.userId);
  let available = Math.max(0, balance[g.bucket]);
  let lot = null;
  if (g.bucket === 'pack' && g.lotKey) {
    lot = await store.getLot(g.userId, g.lotKey);
    available = Math.max(0, lot?.remaining ?? 0);
  }
  const take = Math.min(toRevoke, available);
  const shortfall = toRevoke - take;
  const entryId = ledgerEntryId('revoke.refund', causeId);
  const write: LedgerWrite = {
    userId: g.userId,
    entries: [
      {
        kind: 'revoke.refund',
        bucket: g.bucket,
        amount: take === 0 ? 0 : -take,
        causeId,
        note: shortfall
          ? `Refund: ${creditCount(shortfall)} ${shortfall === 1 ? 'was' : 'were'} already spent`
          : 'Refund',
        // money: what the charge has had returned so far (the event's cumulative refunded amount)
        meta: {
          paymentRef: g.paymentRef,
          grantEntryId: g.entryId,
          requested: toRevoke,
          shortfall,
          ...moneyMeta(refunded, currency, -1),
        },
      },
    ],
    ...(g.bucket === 'pack' ? {} : { expect: { [g.bucket]: balance[g.bucket] } }),
    lots:
      lot && take > 0
        ? [
            {
              op: 'remove',
              lotKey: lot.lotKey,
              take,
              expected: lot.remaining,
              expiresAt: lot.expiresAt,
              counter: 'revokedTotal',
            },
          ]
        : [],
  };
  return {
    outcome: `revoked ${take}${shortfall ? ` (shortfall ${shortfall})` : ''}`,
    userId: g.userId,
    write,
    intents: [{ kind: 'payment-revoked', paymentRef: g.paymentRef, prev: revokedBefore, next: target }],
    witness: { userId: g.userId, entryId },
  };
}
