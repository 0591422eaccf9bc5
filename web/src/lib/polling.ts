import { isActiveStatus, type GenerationStatus } from '../../../shared/domain/generation';

/** The generations list is re-fetched every 5 s while any item is pending or processing (spec 01 section 4). */
export const GENERATIONS_POLL_MS = 5000;

export const hasActiveGeneration = (items: readonly { status: GenerationStatus }[] | null | undefined): boolean =>
  !!items?.some((g) => isActiveStatus(g.status));

/** The refetchInterval of the list query: 5000 while any item is active, else no polling. */
export const generationsRefetchInterval = (
  items: readonly { status: GenerationStatus }[] | null | undefined,
): number | false => (hasActiveGeneration(items) ? GENERATIONS_POLL_MS : false);
