/** Influencer program rules (spec 02 sections 4 and 5): application states and the use-case rule. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const MIN_USE_CASE = 50;
export const MAX_USE_CASE = 5000;

export const APPLICATION_MESSAGES = {
  required: 'Required field',
  tooShort: 'Too short: Please provide at least 50 characters explaining your use case',
  planRequired:
    'The influencer program requires an active Starter or Creator plan. Subscribe to Starter or Creator to apply.',
  alreadyInfluencer: 'You are already an influencer',
  pendingExists: 'You already have a pending application. Applications are typically reviewed in 2 to 3 business days.',
  notFound: 'Application not found',
  notPending: 'Only pending applications can be reviewed',
} as const;

/** No application or a rejected last one may apply (a pending one waits, an approved one is done). */
export const canApply = (last: { status: ApplicationStatus } | null | undefined): boolean =>
  !last || last.status === 'rejected';

/** Validation of the use case text: null when valid, else the spec's message. */
export function useCaseError(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return APPLICATION_MESSAGES.required;
  if (t.length < MIN_USE_CASE) return APPLICATION_MESSAGES.tooShort;
  return null;
}
