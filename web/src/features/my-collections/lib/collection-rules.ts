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

export interface PickableStyle {
  id: string;
  name: string;
  description?: string | null;
  tags?: string[] | null;
  userName?: string | null;
}

/**
 * The public styles the picker offers: not already in the collection, matching the search (name, tags,
 * description or creator; case-insensitive, every word must match), at most `limit`.
 */
export function pickableStyles<T extends PickableStyle>(
  all: readonly T[],
  inCollection: ReadonlySet<string>,
  search: string,
  limit = 30,
): T[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const out: T[] = [];
  for (const s of all) {
    if (inCollection.has(s.id)) continue;
    const hay = [s.name, s.description ?? '', ...(s.tags ?? []), s.userName ?? ''].join(' ').toLowerCase();
    if (words.every((w) => hay.includes(w))) out.push(s);
    if (out.length >= limit) break;
  }
  return out;
}

/** "1 style" / "4 styles". */
export const stylesCountLabel = (n: number | null | undefined): string => {
  const c = n ?? 0;
  return `${c.toLocaleString('en-US')} ${c === 1 ? 'style' : 'styles'}`;
};
