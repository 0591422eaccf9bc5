/** Pure rules of the style detail page (spec 02 sections 4 and 7). */
import type { StyleImageType } from '../../../../../shared/domain/catalog';
import type { QuickTryMode } from '../../../../../shared/domain/generation';

/** Quick Try on a style: precise for model_wearer styles, creative otherwise. */
export const quickTryModeFor = (type: StyleImageType | null | undefined): QuickTryMode => (type === 'model_wearer' ? 'precise' : 'creative');

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
export const favoriteCountLabel = (n: number): string => `${n.toLocaleString('en-US')} ${n === 1 ? 'favorite' : 'favorites'}`;
