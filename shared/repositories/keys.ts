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
};
