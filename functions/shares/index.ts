/**
 * The shares domain's entry: what the other domains use of it (eslint/backend.config.js). Share moderation for
 * admins, the share links and vote tallies the export reads, and deleting a user's shares with the account.
 */
export { listShareReports, takeDownShare } from './share-admin-service';
export { countVotes, sharePath, voteTally } from './share-access';
export { deleteRateCountersOf, deleteSharesOf } from './share-deletion';
