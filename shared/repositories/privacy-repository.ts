/**
 * Privacy records, one module per aggregate (docs/privacy.md, docs/data-model.md "Privacy"): the user item's
 * privacy fields (privacy-fields-repository), the retention job's TTL writes and expired generations
 * (retention-repository), photo consents (photo-consent-repository), data export jobs and their lock
 * (data-export-repository), account deletion's sweeps, pseudonym and tombstone (account-deletion-repository),
 * and the Stripe event records of a deleted account (billing-repository, with the other Stripe events).
 * This module only gathers them under the name the privacy services import.
 */
export * from './privacy-fields-repository';
export * from './retention-repository';
export * from './photo-consent-repository';
export * from './data-export-repository';
export * from './account-deletion-repository';
export { listStripeEventKeysOf, recordDeletedAccountEvent } from './billing-repository';
