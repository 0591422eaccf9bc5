/** Key builders: the only place DynamoDB keys are spelled. See docs/data-model.md. */
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
  category: (id: string) => ({ pk: `CATEGORY#${id}`, sk: 'CATEGORY' }),
  categoryIndex: (displayOrder: number, id: string) => ({ gsi1pk: 'CATEGORIES', gsi1sk: `${String(displayOrder).padStart(5, '0')}#${id}` }),
  style: (id: string) => ({ pk: `STYLE#${id}`, sk: 'STYLE' }),
  /** Public styles, newest first (gsi1); a creator's own styles (gsi2). */
  stylePublicIndex: (createdAt: string, id: string) => ({ gsi1pk: 'STYLES#PUBLIC', gsi1sk: `${createdAt}#${id}` }),
  styleOwnerIndex: (userId: string, createdAt: string, id: string) => ({ gsi2pk: `STYLES#OWNER#${userId}`, gsi2sk: `${createdAt}#${id}` }),
  product: (styleId: string, productId: string) => ({ pk: `STYLE#${styleId}`, sk: `PRODUCT#${productId}` }),
  productIdIndex: (productId: string) => ({ gsi1pk: `PRODUCT#${productId}`, gsi1sk: 'PRODUCT' }),
  productLink: (styleId: string, productId: string, linkId: string) => ({ pk: `STYLE#${styleId}`, sk: `PRODUCT#${productId}#LINK#${linkId}` }),
  productLinkIdIndex: (linkId: string) => ({ gsi1pk: `PRODUCTLINK#${linkId}`, gsi1sk: 'LINK' }),
  promptTemplate: (id: string) => ({ pk: `PROMPT#${id}`, sk: 'PROMPT' }),
  promptTemplateIndex: (name: string, id: string) => ({ gsi1pk: 'PROMPTS', gsi1sk: `${name.toLowerCase()}#${id}` }),
  rawTemplate: (id: string) => ({ pk: `RAWTPL#${id}`, sk: 'RAWTPL' }),
  rawTemplateIndex: (priority: number, id: string) => ({ gsi1pk: 'RAWTPLS', gsi1sk: `${String(priority).padStart(5, '0')}#${id}` }),
  collection: (id: string) => ({ pk: `COLLECTION#${id}`, sk: 'COLLECTION' }),
  /** Published collections, newest first (gsi1); an owner's collections (gsi2). */
  collectionPublishedIndex: (createdAt: string, id: string) => ({ gsi1pk: 'COLLECTIONS#PUBLISHED', gsi1sk: `${createdAt}#${id}` }),
  collectionOwnerIndex: (userId: string, createdAt: string, id: string) => ({ gsi2pk: `COLLECTIONS#OWNER#${userId}`, gsi2sk: `${createdAt}#${id}` }),
  collectionStyle: (collectionId: string, styleId: string) => ({ pk: `COLLECTION#${collectionId}`, sk: `STYLE#${styleId}` }),
  styleCollectionsIndex: (styleId: string, collectionId: string) => ({ gsi1pk: `STYLE#${styleId}#COLLECTIONS`, gsi1sk: collectionId }),
  seedMarker: (name: string) => ({ pk: `SEED#${name}`, sk: 'SEED' }),
  generation: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `GEN#${id}` }),
  /** Sparse index of pending/processing generations for the sweeper (removed when final). */
  generationActiveIndex: (createdAt: string, id: string) => ({ gsi2pk: 'GEN#ACTIVE', gsi2sk: `${createdAt}#${id}` }),
  feedback: (userId: string, generationId: string) => ({ pk: `USER#${userId}`, sk: `FEEDBACK#${generationId}` }),
  providerSlots: (provider: string) => ({ pk: `PROVIDER#${provider}`, sk: 'SLOTS' }),
  photoProfile: (userId: string, profileId: string) => ({ pk: `USER#${userId}`, sk: `PHOTO#${profileId}` }),
  /** sk prefix of a user's photo profiles (Query begins_with). */
  photoProfilePrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'PHOTO#' }),
  /** Per-user counters kept in the same transaction as the items they count (plan caps), e.g. photoProfileCount. */
  userCounters: (userId: string) => ({ pk: `USER#${userId}`, sk: 'COUNTERS' }),
};
