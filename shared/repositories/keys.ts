/** Key builders: the only place DynamoDB keys are spelled. See docs/data-model.md. */
import { createHash } from 'node:crypto';
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userEmailIndex: (email: string) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'USER' }),
  handle: (handle: string) => ({ pk: `HANDLE#${handle.toLowerCase()}`, sk: 'HANDLE' }),
  balance: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BALANCE' }),
  ledgerEntry: (userId: string, entryId: string) => ({ pk: `USER#${userId}`, sk: `LEDGER#${entryId}` }),
  ledgerByUserIndex: (userId: string, createdAt: string, entryId: string) => ({
    gsi1pk: `LEDGER#${userId}`,
    gsi1sk: `${createdAt}#${entryId}`,
  }),
  /** sk prefix of a user's ledger entries; the gsi1 partition of one user's entries by time. */
  ledgerEntryPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'LEDGER#' }),
  ledgerByUserPartition: (userId: string) => `LEDGER#${userId}`,
  /** The gsi2 partition of one day's entries across users. */
  ledgerByDayPartition: (day: string) => `LEDGER#DAY#${day}`,
  /** Every ledger entry across users by day (finance views): gsi2. */
  ledgerByDayIndex: (createdAt: string, entryId: string, userId: string) => ({
    gsi2pk: `LEDGER#DAY#${createdAt.slice(0, 10)}`,
    gsi2sk: `${createdAt}#${userId}#${entryId}`,
  }),
  /** A pack purchase's credits (`remaining`) and expiry; lotKey = `<expiresAt>#<causeId>` so lots sort by expiry. */
  packLot: (userId: string, lotKey: string) => ({ pk: `USER#${userId}`, sk: `LOT#${lotKey}` }),
  packLotPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'LOT#' }),
  /** Sparse index of lots that may still hold credits, by expiry (the expiry job's work list): gsi2. */
  packLotExpiryIndex: (expiresAt: string, userId: string, lotKey: string) => ({
    gsi2pk: 'PACKLOT#OPEN',
    gsi2sk: `${expiresAt}#${userId}#${lotKey}`,
  }),
  packLotExpiryPartition: () => 'PACKLOT#OPEN',
  /** A Stripe event: RECEIVED when it arrived (verified), APPLIED in the same transaction as its effect. */
  stripeEventReceived: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'RECEIVED' }),
  stripeEventApplied: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'APPLIED' }),
  /** Received events by arrival (reconciliation): gsi2. */
  stripeEventIndex: (receivedAt: string, eventId: string) => ({
    gsi2pk: 'STRIPE_EVENTS',
    gsi2sk: `${receivedAt}#${eventId}`,
  }),
  stripeEventPartition: () => 'STRIPE_EVENTS',
  /** The event id of a `STRIPE_EVENT#<id>` partition key. */
  stripeEventIdOf: (pk: string) => pk.replace(/^STRIPE_EVENT#/, ''),
  /** What a payment (payment intent or invoice id) granted, so a refund can remove it. */
  paymentGrant: (paymentRef: string) => ({ pk: `PAYMENT#${paymentRef}`, sk: 'GRANT' }),
  /** Which user a Stripe subscription belongs to. */
  subscriptionOwner: (subscriptionId: string) => ({ pk: `SUBSCRIPTION#${subscriptionId}`, sk: 'OWNER' }),
  /** Local payments adapter only (never deployed): checkout sessions, subscriptions, customers. */
  localPaySession: (sessionId: string) => ({ pk: `LOCALPAY#SESSION#${sessionId}`, sk: 'SESSION' }),
  localPaySubscription: (subscriptionId: string) => ({ pk: `LOCALPAY#SUB#${subscriptionId}`, sk: 'SUB' }),
  localPayRefund: (idempotencyKey: string) => ({ pk: `LOCALPAY#REFUND#${idempotencyKey}`, sk: 'REFUND' }),
  category: (id: string) => ({ pk: `CATEGORY#${id}`, sk: 'CATEGORY' }),
  categoryIndex: (displayOrder: number, id: string) => ({
    gsi1pk: 'CATEGORIES',
    gsi1sk: `${String(displayOrder).padStart(5, '0')}#${id}`,
  }),
  categoryPartition: () => 'CATEGORIES',
  style: (id: string) => ({ pk: `STYLE#${id}`, sk: 'STYLE' }),
  /** Public styles, newest first (gsi1); a creator's own styles (gsi2). */
  stylePublicIndex: (createdAt: string, id: string) => ({ gsi1pk: 'STYLES#PUBLIC', gsi1sk: `${createdAt}#${id}` }),
  stylePublicPartition: () => 'STYLES#PUBLIC',
  styleOwnerIndex: (userId: string, createdAt: string, id: string) => ({
    gsi2pk: `STYLES#OWNER#${userId}`,
    gsi2sk: `${createdAt}#${id}`,
  }),
  /**
   * One write shard of a style's counters (issue 28): generations add to `pending` here (never to the style item
   * itself), and a shard folds its pending count into the style's `usageCount` at most once a minute.
   */
  styleCounter: (styleId: string, shard: number) => ({ pk: `STYLE#${styleId}#COUNT#${shard}`, sk: 'COUNT' }),
  /**
   * The explore index (issue 28, docs/data-model.md): postings of a public style in base-table partitions, one per
   * order (N newest first, P by popularity tier then newest) and facet (ALL, CAT#, SEX#, TAG#, BY#, TYPE#, and
   * W#<word prefix> in order N only). Sort keys sort ascending; pages are read descending.
   */
  exploreFacet: (kind: 'all' | 'word' | 'creator' | 'tag' | 'category' | 'type' | 'sex', value = ''): string =>
    ({ all: 'ALL', word: 'W#', creator: 'BY#', tag: 'TAG#', category: 'CAT#', type: 'TYPE#', sex: 'SEX#' })[kind] +
    (kind === 'all' ? '' : value),
  explorePartition: (order: 'N' | 'P', facet: string) => `EXPLORE#${order}#${facet}`,
  explorePosting: (order: 'N' | 'P', facet: string, createdAt: string, id: string, tier = 0) => ({
    pk: `EXPLORE#${order}#${facet}`,
    sk: order === 'N' ? `${createdAt}#${id}` : `${String(tier).padStart(2, '0')}#${createdAt}#${id}`,
  }),
  /** The explore tag vocabulary: one item per tag with the number of public styles carrying it. */
  exploreTag: (tag: string) => ({ pk: 'EXPLORE#TAGS', sk: `TAG#${tag}` }),
  exploreTagsPartition: () => 'EXPLORE#TAGS',
  product: (styleId: string, productId: string) => ({ pk: `STYLE#${styleId}`, sk: `PRODUCT#${productId}` }),
  productIdIndex: (productId: string) => ({ gsi1pk: `PRODUCT#${productId}`, gsi1sk: 'PRODUCT' }),
  productLink: (styleId: string, productId: string, linkId: string) => ({
    pk: `STYLE#${styleId}`,
    sk: `PRODUCT#${productId}#LINK#${linkId}`,
  }),
  productLinkIdIndex: (linkId: string) => ({ gsi1pk: `PRODUCTLINK#${linkId}`, gsi1sk: 'LINK' }),
  promptTemplate: (id: string) => ({ pk: `PROMPT#${id}`, sk: 'PROMPT' }),
  promptTemplateIndex: (name: string, id: string) => ({ gsi1pk: 'PROMPTS', gsi1sk: `${name.toLowerCase()}#${id}` }),
  promptTemplatePartition: () => 'PROMPTS',
  rawTemplate: (id: string) => ({ pk: `RAWTPL#${id}`, sk: 'RAWTPL' }),
  rawTemplateIndex: (priority: number, id: string) => ({
    gsi1pk: 'RAWTPLS',
    gsi1sk: `${String(priority).padStart(5, '0')}#${id}`,
  }),
  rawTemplatePartition: () => 'RAWTPLS',
  /** A style's products and their links (sk prefix PRODUCT#), and one product's links. */
  styleProductsPrefix: (styleId: string) => ({ pk: `STYLE#${styleId}`, skPrefix: 'PRODUCT#' }),
  productLinkPrefix: (styleId: string, productId: string) => ({
    pk: `STYLE#${styleId}`,
    skPrefix: `PRODUCT#${productId}#LINK#`,
  }),
  collection: (id: string) => ({ pk: `COLLECTION#${id}`, sk: 'COLLECTION' }),
  /** Published collections, newest first (gsi1); an owner's collections (gsi2). */
  collectionPublishedIndex: (createdAt: string, id: string) => ({
    gsi1pk: 'COLLECTIONS#PUBLISHED',
    gsi1sk: `${createdAt}#${id}`,
  }),
  collectionPublishedPartition: () => 'COLLECTIONS#PUBLISHED',
  collectionOwnerIndex: (userId: string, createdAt: string, id: string) => ({
    gsi2pk: `COLLECTIONS#OWNER#${userId}`,
    gsi2sk: `${createdAt}#${id}`,
  }),
  collectionStyle: (collectionId: string, styleId: string) => ({
    pk: `COLLECTION#${collectionId}`,
    sk: `STYLE#${styleId}`,
  }),
  styleCollectionsIndex: (styleId: string, collectionId: string) => ({
    gsi1pk: `STYLE#${styleId}#COLLECTIONS`,
    gsi1sk: collectionId,
  }),
  /** A user's favourite style (exactly one item per user and style; the style's favoriteCount moves with it). */
  favorite: (userId: string, styleId: string) => ({ pk: `USER#${userId}`, sk: `FAV#${styleId}` }),
  /** A user's favourites, newest first (gsi2). */
  favoriteByUserIndex: (userId: string, createdAt: string, styleId: string) => ({
    gsi2pk: `FAVS#${userId}`,
    gsi2sk: `${createdAt}#${styleId}`,
  }),
  styleReport: (reportId: string) => ({ pk: `REPORT#${reportId}`, sk: 'REPORT' }),
  /** Sparse index of open reports, newest first (gsi1; removed when a report is resolved). */
  styleReportOpenIndex: (createdAt: string, reportId: string) => ({
    gsi1pk: 'REPORTS#OPEN',
    gsi1sk: `${createdAt}#${reportId}`,
  }),
  /**
   * The per-user index of the reports a signed-in person made (gsi2 on the report item itself, so it is written by
   * the same Put and can never drift; anonymous viewers' share reports get none): the data export (issue 39).
   */
  reportByReporterIndex: (userId: string, createdAt: string, reportId: string) => ({
    gsi2pk: `REPORTS#BY#${userId}`,
    gsi2sk: `${createdAt}#${reportId}`,
  }),
  reportByReporterPartition: (userId: string) => `REPORTS#BY#${userId}`,
  /** One open report per user and style: this lock item is written in the same transaction as the report. */
  styleReportLock: (styleId: string, userId: string) => ({ pk: `STYLE#${styleId}`, sk: `REPORTLOCK#${userId}` }),
  /** A refused image (content safety), by month, newest last: never the image, only kind, reasons, who and when. */
  contentRefusal: (createdAt: string, id: string) => ({
    pk: `REFUSALS#${createdAt.slice(0, 7)}`,
    sk: `${createdAt}#${id}`,
  }),
  contentRefusalMonth: (month: string) => ({ pk: `REFUSALS#${month}` }),
  /** A public-bucket object by its content hash (sha256 hex): finds identical copies for a takedown. */
  publicImageHash: (sha256: string, key: string) => ({ pk: `IMGHASH#${sha256}`, sk: `KEY#${key}` }),
  /** A shared look (issue 15) in its owner's partition (removed with the account); looked up by token on gsi1. */
  share: (userId: string, shareId: string) => ({ pk: `USER#${userId}`, sk: `SHARE#${shareId}` }),
  sharePrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'SHARE#' }),
  shareTokenIndex: (token: string) => ({ gsi1pk: `SHARETOKEN#${token}`, gsi1sk: 'SHARE' }),
  /** A viewer's vote and reaction on a share (one each per viewer, overwritten when changed). */
  shareVote: (shareId: string, viewerId: string) => ({ pk: `SHAREFB#${shareId}`, sk: `VOTE#${viewerId}` }),
  shareReaction: (shareId: string, viewerId: string) => ({ pk: `SHAREFB#${shareId}`, sk: `REACT#${viewerId}` }),
  shareFeedback: (shareId: string) => ({ pk: `SHAREFB#${shareId}` }),
  /** sk prefixes of a share's vote and reaction items (legacy vote count; the owner's list of reactions). */
  shareVotePrefix: (shareId: string) => ({ pk: `SHAREFB#${shareId}`, skPrefix: 'VOTE#' }),
  shareReactionPrefix: (shareId: string) => ({ pk: `SHAREFB#${shareId}`, skPrefix: 'REACT#' }),
  /**
   * One write shard of a share's vote counters (issue 28): its own partition, so the shards of a viral look spread
   * over partitions; moved in the same transaction as the vote item. A page sums the shards (one BatchGet).
   */
  shareVoteCounter: (shareId: string, shard: number) => ({ pk: `SHAREFB#${shareId}#COUNT#${shard}`, sk: 'COUNT' }),
  /**
   * The per-user index of the votes and reactions a signed-in viewer cast (gsi2 on the vote/reaction item itself,
   * so it is written by the same Put and can never drift; anonymous viewers get none): export and account deletion.
   */
  shareFeedbackByUserIndex: (userId: string, kind: 'VOTE' | 'REACT', shareId: string) => ({
    gsi2pk: `SHAREFB#BY#${userId}`,
    gsi2sk: `${kind}#${shareId}`,
  }),
  shareFeedbackByUserPartition: (userId: string) => `SHAREFB#BY#${userId}`,
  /** One open report per viewer and share (same pattern as styleReportLock); the report itself is a styleReport item of type ShareReport. */
  shareReportLock: (shareId: string, reporterId: string) => ({
    pk: `SHAREFB#${shareId}`,
    sk: `REPORTLOCK#${reporterId}`,
  }),
  /** A fixed-window request counter (rate limits): action, subject (user|ip) and who, per window start; TTL-expired. */
  rateCounter: (action: string, subject: string, who: string, windowStart: string) => ({
    pk: `RATE#${action}#${subject}#${who}`,
    sk: windowStart,
  }),
  preferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PREFERENCES' }),
  userLink: (userId: string, linkId: string) => ({ pk: `USER#${userId}`, sk: `LINK#${linkId}` }),
  /** sk prefix of a user's profile links (ulid ids: creation order). */
  userLinkPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'LINK#' }),
  /** sk prefix of a collection's member styles. */
  collectionStylePrefix: (collectionId: string) => ({ pk: `COLLECTION#${collectionId}`, skPrefix: 'STYLE#' }),
  seedMarker: (name: string) => ({ pk: `SEED#${name}`, sk: 'SEED' }),
  generation: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `GEN#${id}` }),
  generationPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'GEN#' }),
  /** Sparse index of pending/processing generations for the sweeper (removed when final). */
  generationActiveIndex: (createdAt: string, id: string) => ({ gsi2pk: 'GEN#ACTIVE', gsi2sk: `${createdAt}#${id}` }),
  generationActivePartition: () => 'GEN#ACTIVE',
  /** An Idempotency-Key of a credit-spending request (ttl 24 h), written in the reservation's transaction. */
  idempotencyKey: (userId: string, key: string) => ({ pk: `USER#${userId}`, sk: `IDEMP#${key}` }),
  feedback: (userId: string, generationId: string) => ({ pk: `USER#${userId}`, sk: `FEEDBACK#${generationId}` }),
  feedbackPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'FEEDBACK#' }),
  providerSlots: (provider: string) => ({ pk: `PROVIDER#${provider}`, sk: 'SLOTS' }),
  /** A generation's render job (task token, state queued|running|done, lease); one per generation. */
  renderJob: (generationId: string) => ({ pk: `RENDERJOB#${generationId}`, sk: 'JOB' }),
  /** Running render jobs by lease end (the sweeper's expired-lease list): gsi2, removed when done. */
  renderJobLeaseIndex: (leaseUntil: string, generationId: string) => ({
    gsi2pk: 'RENDERJOB#RUNNING',
    gsi2sk: `${leaseUntil}#${generationId}`,
  }),
  renderJobLeasePartition: () => 'RENDERJOB#RUNNING',
  /** A waiting render in its provider's queue: lane P (priority) or S (standard), oldest first. */
  renderQueueEntry: (provider: string, lane: 'P' | 'S', enqueuedAt: string, generationId: string) => ({
    pk: `RENDERQ#${provider}`,
    sk: `${lane}#${enqueuedAt}#${generationId}`,
  }),
  renderQueueLane: (provider: string, lane: 'P' | 'S') => ({ pk: `RENDERQ#${provider}`, skPrefix: `${lane}#` }),
  /** A provider's whole queue (both lanes), and one entry of it by its stored sort key. */
  renderQueuePartition: (provider: string) => ({ pk: `RENDERQ#${provider}` }),
  renderQueueItem: (provider: string, sk: string) => ({ pk: `RENDERQ#${provider}`, sk }),
  photoProfile: (userId: string, profileId: string) => ({ pk: `USER#${userId}`, sk: `PHOTO#${profileId}` }),
  /** sk prefix of a user's photo profiles (Query begins_with). */
  photoProfilePrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'PHOTO#' }),
  /** An influencer application; by status, newest first (gsi1); a user's applications, newest first (gsi2). */
  influencerApplication: (id: string) => ({ pk: `INFAPP#${id}`, sk: 'INFAPP' }),
  influencerApplicationStatusIndex: (status: string, createdAt: string, id: string) => ({
    gsi1pk: `INFAPPS#${status.toUpperCase()}`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  influencerApplicationUserIndex: (userId: string, createdAt: string, id: string) => ({
    gsi2pk: `INFAPPS#USER#${userId}`,
    gsi2sk: `${createdAt}#${id}`,
  }),
  /** At most one pending application per user: this lock is Put (attribute_not_exists) with it and deleted by its review. */
  influencerPendingLock: (userId: string) => ({ pk: `USER#${userId}`, sk: 'INFAPP#PENDING' }),
  /** Per-user counters kept in the same transaction as the items they count (plan caps), e.g. photoProfileCount, privateStyleCount, publicStyleCount. */
  userCounters: (userId: string) => ({ pk: `USER#${userId}`, sk: 'COUNTERS' }),
  /** Photo consent for one photo profile (wording version, time, salted IP hash). */
  photoConsent: (userId: string, profileId: string) => ({ pk: `USER#${userId}`, sk: `CONSENT#PHOTO#${profileId}` }),
  photoConsentPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'CONSENT#PHOTO#' }),
  /** Sparse index of users with automatic deletion of generated images (the retention job's work list): gsi2 on the user item. */
  retentionIndex: (userId: string) => ({ gsi2pk: 'RETENTION#ON', gsi2sk: userId }),
  /** A data export job ("Download my data"). */
  dataExport: (userId: string, exportId: string) => ({ pk: `USER#${userId}`, sk: `EXPORT#${exportId}` }),
  dataExportPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'EXPORT#' }),
  /**
   * One export at a time (issue 40): `{ exportId }` of the user's latest started export, put conditionally in the
   * transaction that creates a job (not under `EXPORT#`, so listing the jobs never returns it).
   */
  dataExportLock: (userId: string) => ({ pk: `USER#${userId}`, sk: 'EXPORTLOCK' }),
  /**
   * A direct upload taken by its finalize (issue 40: finalize is once): the source bytes' sha256, its state and
   * the stored image. Conditionally put by the first finalize; TTL-expired well after the presigned form.
   */
  directUpload: (userId: string, uploadId: string) => ({ pk: `USER#${userId}`, sk: `UPLOAD#${uploadId}` }),
  /**
   * Tombstone of a deleted account, keyed by a hash of its id (never the id itself), kept for a few days with the
   * table TTL: a token issued before the deletion cannot re-create the user. `idHash` = sha256 hex of the user id.
   */
  deletedAccount: (idHash: string) => ({ pk: `DELETED#${idHash}`, sk: 'TOMBSTONE' }),
  /** The starter grant's claim of one verified e-mail address (its hash, never the address): survives deletion. */
  starterClaim: (emailHash: string) => ({ pk: `STARTER#${emailHash}`, sk: 'CLAIM' }),
  /** Every item of a user's own partition (account deletion). */
  userPartition: (userId: string) => ({ pk: `USER#${userId}` }),
  /** The user id of a `USER#<id>` partition key. */
  userIdOfPartition: (pk: string) => pk.replace(/^USER#/, ''),
  /** sk of a generation id at a time boundary: every GEN# id created before `time` sorts below it (ulid ids). */
  generationBefore: (userId: string, ulidTimePrefix: string) => ({
    pk: `USER#${userId}`,
    skLow: 'GEN#',
    skHigh: `GEN#${ulidTimePrefix}`,
  }),
  /** Our own record of a checkout session (who, what, how much), the only source fulfilment trusts. */
  checkoutSession: (sessionId: string) => ({ pk: `CHECKOUT#${sessionId}`, sk: 'SESSION' }),
  /** A user's checkout sessions (Query begins_with), to expire the other open ones of a kind. */
  userCheckoutSession: (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `CHECKOUT#${sessionId}` }),
  userCheckoutSessionPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'CHECKOUT#' }),
};

/**
 * What an item of a user's own partition (`USER#<id>`) is, by its sort key (account deletion and export
 * walk the partition and sort its items).
 */
export const userItemKind = (
  sk: string,
): 'profile' | 'balance' | 'ledger' | 'lot' | 'favorite' | 'generation' | 'link' | 'consent' | 'other' => {
  if (sk === 'PROFILE') return 'profile';
  if (sk === 'BALANCE') return 'balance';
  if (sk.startsWith('LEDGER#')) return 'ledger';
  if (sk.startsWith('LOT#')) return 'lot';
  if (sk.startsWith('FAV#')) return 'favorite';
  if (sk.startsWith('GEN#')) return 'generation';
  if (sk.startsWith('LINK#')) return 'link';
  if (sk.startsWith('CONSENT#')) return 'consent';
  return 'other';
};

/** The style id of a favourite's sort key (`FAV#<styleId>`). */
export const favoriteStyleIdOf = (sk: string): string => sk.slice('FAV#'.length);

/**
 * The e-mail address the starter grant is bounded by: lower-cased, without a "+tag" in the local part
 * (one inbox, one starter grant), hashed so the claim that outlives an account deletion holds no address.
 */
export const starterClaimKey = (email: string) => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const canonical = `${local.split('+')[0]}@${domain}`;
  return keys.starterClaim(createHash('sha256').update(`fitly-starter:${canonical}`).digest('hex'));
};

/** A deleted account's tombstone key: the id's hash, never the id (privacy and user repositories read it). */
export const tombstoneKey = (userId: string) =>
  keys.deletedAccount(createHash('sha256').update(`fitly-deleted:${userId}`).digest('hex'));
