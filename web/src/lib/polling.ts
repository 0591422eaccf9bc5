import { isActiveStatus, type GenerationStatus } from '@shared/domain/generation';

/** The generations list is re-fetched every 5 s while any item is pending or processing (spec 01 section 4). */
export const GENERATIONS_POLL_MS = 5000;

export const hasActiveGeneration = (items: readonly { status: GenerationStatus }[] | null | undefined): boolean =>
  !!items?.some((g) => isActiveStatus(g.status));

/** The refetchInterval of the list query: 5000 while any item is active, else no polling. */
export const generationsRefetchInterval = (
  items: readonly { status: GenerationStatus }[] | null | undefined,
): number | false => (hasActiveGeneration(items) ? GENERATIONS_POLL_MS : false);

/**
 * A look's own page while it runs: every half second for its first 60 answers (30 s: a render by the Fitly engine
 * completes about 1.5 s after the click on the local stack, most AI renders within that too), then every 5 s like
 * the list (docs/decisions.md, "A running look's page polls every half second").
 */
export const GENERATION_DETAIL_POLL_MS = 500;
export const GENERATION_DETAIL_FAST_POLLS = 60;

/** The refetchInterval of one generation's query, given how many answers it has had. */
export const generationDetailRefetchInterval = (
  item: { status: GenerationStatus } | null | undefined,
  answers: number,
): number | false =>
  item && isActiveStatus(item.status)
    ? answers <= GENERATION_DETAIL_FAST_POLLS
      ? GENERATION_DETAIL_POLL_MS
      : GENERATIONS_POLL_MS
    : false;
