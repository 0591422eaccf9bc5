/**
 * The billing domain's entry: what the other domains use of it (eslint/backend.config.js lets a domain reach
 * another only through its entry). Credits, the finance reports, the public origin and the payments adapter.
 */
export { adjustCredits } from './credit-service';
export { financeCsv, financeLedger, financeReconciliation, financeSummary } from './finance-service';
export { publicOrigin } from './billing-service';
export { getPayments } from './payments';
export type { PaymentsAdapter } from './payments/types';
