/** Pure rules of the style detail page (spec 02 sections 4 and 7). */
import type { StyleImageType } from '@shared/domain/catalog';
import { defaultModeFor, toQuickTryMode, type QuickTryMode } from '@shared/domain/generation';

/** Quick Try on a style: precise for model_wearer styles, creative otherwise. */
export const quickTryModeFor = (type: StyleImageType | null | undefined): QuickTryMode =>
  toQuickTryMode(defaultModeFor(type ?? 'product_laydown'));

export interface FavoriteState {
  isFavorite: boolean;
  count: number;
}

/** The optimistic favourite state after a toggle to `next` (the count never goes below zero; no double counting). */
export function optimisticFavorite(prev: FavoriteState, next: boolean): FavoriteState {
  if (prev.isFavorite === next) return prev;
  return { isFavorite: next, count: Math.max(0, prev.count + (next ? 1 : -1)) };
}

/** "1 favourite" / "12 favourites". */
export const favoriteCountLabel = (n: number): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'favorite' : 'favorites'}`;

/** Which photo profile a style's Quick Try uses (docs/decisions.md, "Quick Try profile"). */
export type QuickTryProfilePick =
  /** No photo profile at all: create one first (/profiles/new). */
  | { kind: 'create' }
  /** The default profile qualifies, or exactly one profile does: use it without asking. */
  | { kind: 'use'; id: string }
  /** Several qualify and the default does not: ask which. */
  | { kind: 'ask'; ids: string[] }
  /** Profiles exist but none has the photo the mode needs. */
  | { kind: 'missing-photo'; photo: 'full-body' | 'portrait'; profileId: string };

interface PickableProfile {
  id: string;
  isDefault?: boolean;
  portraitUrl?: string | null;
  fullBodyUrl?: string | null;
}

export function pickQuickTryProfile(mode: QuickTryMode, profiles: readonly PickableProfile[]): QuickTryProfilePick {
  if (profiles.length === 0) return { kind: 'create' };
  const needsFullBody = mode === 'precise';
  const ok = profiles.filter((p) => (needsFullBody ? !!p.fullBodyUrl : !!p.portraitUrl));
  const def = profiles.find((p) => p.isDefault) ?? profiles[0]!;
  if (ok.some((p) => p.id === def.id)) return { kind: 'use', id: def.id };
  if (ok.length === 1) return { kind: 'use', id: ok[0]!.id };
  if (ok.length > 1) return { kind: 'ask', ids: ok.map((p) => p.id) };
  return { kind: 'missing-photo', photo: needsFullBody ? 'full-body' : 'portrait', profileId: def.id };
}

/** How many looks the style page's preview flips through (the style and others like it). */
export const PREVIEW_LOOKS_MAX = 8;

interface PreviewableStyle {
  id: string;
  name: string;
  sex: string;
  categoryIds: string[];
  styleImageType: StyleImageType;
  coverImageUrl: string | null;
  promptImageUrl: string | null;
}

/**
 * The looks "Preview on me" offers on a style page: the style first, then other styles with an outfit picture
 * for the same audience (or unisex), those sharing a category first, in the catalogue's order otherwise.
 */
export function previewStylesFor<S extends PreviewableStyle>(style: S, catalogue: readonly S[]): S[] {
  const others = catalogue.filter(
    (o) =>
      o.id !== style.id && !!o.promptImageUrl && (o.sex === style.sex || o.sex === 'unisex' || style.sex === 'unisex'),
  );
  const shares = (o: S) => o.categoryIds.some((c) => style.categoryIds.includes(c));
  const ordered = [...others.filter(shares), ...others.filter((o) => !shares(o))];
  return [style, ...ordered].slice(0, PREVIEW_LOOKS_MAX);
}
