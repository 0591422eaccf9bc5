/** The compare view's selection rules: ids from /compare?ids=a,b,c (validated), and the URL back. */
import { COMPARE_MAX, COMPARE_MIN } from '@shared/domain/shares';

const ID = /^[A-Za-z0-9_-]{1,128}$/;

export type CompareIds = { ok: true; ids: string[] } | { ok: false };

/** 2 to 4 distinct, well-formed ids, in the order given; anything else is refused as a whole. */
export function parseCompareIds(param: string | null): CompareIds {
  const ids = (param ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX) return { ok: false };
  if (!ids.every((id) => ID.test(id)) || new Set(ids).size !== ids.length) return { ok: false };
  return { ok: true, ids };
}

export const compareUrl = (ids: string[]): string => `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;

/** Toggle one id in a selection capped at COMPARE_MAX (a fifth is not added). */
export function toggleSelection(selected: string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((x) => x !== id);
  return selected.length >= COMPARE_MAX ? selected : [...selected, id];
}
