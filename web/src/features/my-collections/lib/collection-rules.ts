/** My Collections' pure rules (spec 02 sections 2 and 5): the collection form and the style picker. */
import * as z from 'zod';

export const COLLECTION_MESSAGES = {
  nameRequired: 'Name is required',
  createFailed: 'Failed to create collection',
  updateFailed: 'Update failed',
  deleteFailed: 'Delete failed',
} as const;

export const collectionFormSchema = z.object({
  name: z.string().trim().min(1, COLLECTION_MESSAGES.nameRequired).max(120, 'Name is too long'),
  description: z.string().trim().max(2000, 'At most 2000 characters'),
  isPublic: z.boolean(),
});
export type CollectionFormValues = z.infer<typeof collectionFormSchema>;

export const emptyCollectionForm = (): CollectionFormValues => ({ name: '', description: '', isPublic: false });

/** "1 style" / "4 styles". */
export const stylesCountLabel = (n: number | null | undefined): string => {
  const c = n ?? 0;
  return `${c.toLocaleString('en-US')} ${c === 1 ? 'style' : 'styles'}`;
};
