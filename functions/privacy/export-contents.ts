/**
 * What "Download my data" holds beyond the raw files: the README's list of sections and of what is not in the
 * archive (and why), and the JSON of the shared looks (with the feedback received, never who gave it) and of the
 * feedback the person gave. Used by export-service.ts; docs/privacy.md says the same in prose.
 */
import type { FeedbackRecord, GenerationRecord } from '../../shared/repositories/generation-repository';
import type { MadeReport } from '../../shared/repositories/report-repository';
import type { CastFeedback, ShareReaction, ShareRecord, VoteTally } from '../../shared/repositories/share-repository';
import { countVotes, sharePath } from '../shares';

/** The sections of the archive (README.txt lists them, in this order). */
export const EXPORT_SECTIONS: readonly { path: string; what: string }[] = [
  { path: 'README.txt', what: 'this file: what each part of the archive is, and what is not in it and why' },
  {
    path: 'profile.json',
    what: 'your account, privacy settings, preferences, profile links, photo profiles (with the photo consent you gave) and favourite styles',
  },
  { path: 'photos/', what: 'the portrait and full-body photos of your photo profiles' },
  {
    path: 'generations/',
    what: 'the images generated for you, described in generations/generations.json (a variant you kept is stored once, as its own generation; the variants of a run you did not keep are stored as <run>-variant-<n> until they expire)',
  },
  { path: 'outfit-uploads/', what: 'the garment and outfit images you uploaded to try on' },
  { path: 'template-inputs/', what: 'the style reference and background images you uploaded for templates' },
  {
    path: 'shares/',
    what: 'your shared looks (shares/shares.json: link, status, dates, the votes each image got and the reactions left) and the shared copies of their images',
  },
  {
    path: 'feedback-given.json',
    what: "the votes and reactions you gave on shared looks while signed in (the look's id, your vote or text, when)",
  },
  {
    path: 'ratings.json',
    what: 'the star ratings you gave your generated looks (the look, the style rated, stars, when)',
  },
  {
    path: 'reports.json',
    what: 'the styles and shared looks you reported while signed in (what, your reason, when, and whether it is still open or was resolved or dismissed)',
  },
  { path: 'credit-history.csv', what: 'every credit movement of your account' },
];

/** What is not kept, or not in the archive, and why (README.txt; docs/privacy.md says the same). */
export const EXPORT_NOT_INCLUDED: readonly string[] = [
  'Votes, reactions and reports given while signed out: they are stored under a random browser cookie id, not under your account, so we cannot tell they are yours.',
  "Who closed your reports: that is the moderators' record; reports.json says whether each report is open, resolved or dismissed.",
  "Who voted or reacted on your shared looks: those are other people's data; you get the counts and the reaction texts.",
  'Image copies of shared looks you revoked (or that were taken down): they are deleted when the look ends; its details and votes stay in shares/shares.json for 30 days.',
  'Your password: it is kept only by the sign-in service (Amazon Cognito) as a one-way hash that cannot be exported.',
  'The IP address of your photo consent: we never store it, only a salted one-way hash that cannot be turned back into the address.',
  'Your exact date of birth: we never store it, only whether you are 18 or over (in profile.json).',
  'Images you uploaded that failed the content-safety check: they were refused and never stored.',
  'Working copies a generation makes of its inputs: they are the same images as in photos/, outfit-uploads/ and template-inputs/.',
  'Styles and collections you created as an influencer: they are catalogue content you manage in the style editor and on your collections page, not part of this archive.',
  'Generated images deleted by you or by your retention choice: deleted means deleted, they cannot be exported.',
  'Card details: your payments are handled by Stripe; we never see or store your card number.',
  'Server logs (technical records of requests, kept for up to six months for security and operations): not part of the export.',
];

/** README.txt: every section, then everything not in the archive with its reason. */
export function exportReadme(exportedAt: string): string {
  const lines = [
    'Your Fitly data',
    `Exported at ${exportedAt}.`,
    '',
    'What is in this archive:',
    ...EXPORT_SECTIONS.map((s) => `- ${s.path}: ${s.what}.`),
    '',
    'What is not in it, and why:',
    ...EXPORT_NOT_INCLUDED.map((t) => `- ${t}`),
    '',
  ];
  return lines.join('\r\n');
}

/** Where a shared copy goes in the archive, under shares/ (shares.json names it relative to shares/). */
export const shareImagePath = (shareId: string, n: number) => `${shareId}/${n + 1}.jpg`;

/** shares/shares.json: the person's shared looks, the votes each image got and the reactions received (no viewer ids). */
export function sharesJson(
  shares: readonly ShareRecord[],
  received: readonly { tally: VoteTally; reactions: readonly ShareReaction[] }[],
  hasImage: (shareId: string, n: number) => boolean,
) {
  return shares.map((sh, i) => {
    const fb = received[i] ?? { tally: new Map<string, number>(), reactions: [] };
    const { counts, total } = countVotes(sh, fb.tally);
    return {
      id: sh.id,
      link: sharePath(sh.token),
      status: sh.status,
      showOwner: sh.showOwner,
      createdAt: sh.createdAt,
      expiresAt: sh.expiresAt,
      endedAt: sh.endedAt,
      images: sh.images.map((img, n) => ({
        generationId: img.generationId,
        styleName: img.styleName,
        image: hasImage(sh.id, n) ? shareImagePath(sh.id, n) : null,
        votes: counts[n]?.votes ?? 0,
      })),
      totalVotes: total,
      reactionsReceived: fb.reactions.map(({ text, updatedAt }) => ({ text, updatedAt })),
    };
  });
}

/** feedback-given.json: the votes and reactions the person gave while signed in (from the per-user index). */
export const feedbackGivenJson = (given: readonly CastFeedback[]) => ({
  votes: given
    .filter((g) => g.kind === 'vote')
    .map((g) => ({ shareId: g.shareId, votedFor: g.generationId, at: g.updatedAt })),
  reactions: given
    .filter((g) => g.kind === 'reaction')
    .map((g) => ({ shareId: g.shareId, text: g.text, at: g.updatedAt })),
});

const extOf = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? 'bin';

/** The archive path (under generations/) of a generation's own image, or null when it has none. */
export const generationImagePath = (g: Pick<GenerationRecord, 'id' | 'resultKey'>) =>
  g.resultKey ? `${g.id}.${extOf(g.resultKey)}` : null;

/**
 * The variants of runs that were kept as their own generation still in the list: `<runId>#<index>` -> that
 * generation. Their image is exported once, as the kept generation's (a kept variant deleted since is not here:
 * the run's copy, while it lasts, is then the only one).
 */
export function keptVariantIds(generations: readonly GenerationRecord[]): Map<string, GenerationRecord> {
  const byId = new Map(generations.map((g) => [g.id, g]));
  const kept = new Map<string, GenerationRecord>();
  for (const run of generations)
    for (const [index, id] of Object.entries(run.keptVariants ?? {})) {
      const g = byId.get(id);
      if (g) kept.set(`${run.id}#${index}`, g);
    }
  return kept;
}

/** generations/generations.json: each generation without its storage keys, naming its image files in the archive. */
export function generationsJson(generations: readonly GenerationRecord[], kept: ReadonlyMap<string, GenerationRecord>) {
  return generations.map(({ resultKey, variantKeys, ...g }) =>
    variantKeys?.length
      ? {
          ...g,
          image: null,
          variantImages: variantKeys.map((k, i) => {
            const keptAs = kept.get(`${g.id}#${i}`);
            return keptAs ? generationImagePath(keptAs) : `${g.id}-variant-${i + 1}.${extOf(k)}`;
          }),
        }
      : { ...g, image: generationImagePath({ id: g.id, resultKey }) },
  );
}

/** ratings.json: the ratings the person gave their looks. */
export const ratingsJson = (ratings: readonly FeedbackRecord[]) =>
  ratings.map((r) => ({
    generationId: r.generationId,
    styleId: r.styleId,
    stars: r.rating,
    ratedAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));

/** reports.json: the reports the person made while signed in (never the moderators' side). */
export const reportsJson = (reports: readonly MadeReport[]) =>
  reports.map((r) =>
    r.type === 'StyleReport'
      ? {
          id: r.id,
          about: 'style' as const,
          styleId: r.styleId,
          styleName: r.styleName,
          reason: r.reason,
          status: r.status,
          createdAt: r.createdAt,
          closedAt: r.resolvedAt ?? null,
        }
      : {
          id: r.id,
          about: 'shared look' as const,
          shareId: r.shareId,
          reason: r.reason,
          status: r.status,
          createdAt: r.createdAt,
          closedAt: r.resolvedAt ?? null,
        },
  );
