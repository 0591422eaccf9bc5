/**
 * Whole outfits and variants (issue 15): the slots a piece may take, which slots conflict, the number of
 * pieces and variants, and the cost rule. Imported by the API (validation, reservation), the workflow
 * (layering order) and the SPA (the builder refuses the same conflicts and shows the same total).
 */
import { EXTRA_OPTION_COST, GENERATION_COST, creditCount } from './plans';
import { variantFor } from '../engine/look/variants';
import type { MadeBy } from './provenance';
import { generationTtl, type RetentionDays } from './privacy';

export const OUTFIT_SLOTS = ['top', 'bottom', 'one-piece', 'outerwear', 'shoes', 'accessory'] as const;
export type OutfitSlot = (typeof OUTFIT_SLOTS)[number];

export const SLOT_LABELS: Record<OutfitSlot, string> = {
  top: 'Top',
  bottom: 'Bottom',
  'one-piece': 'One-piece',
  outerwear: 'Outerwear',
  shoes: 'Shoes',
  accessory: 'Accessory',
};

/**
 * The slots a single garment may be said to take (Try Custom Look, Quick Try with an image, a style): the outfit
 * slots the engine places on a body (an accessory is not placed, so it is not offered for one garment).
 */
export const GARMENT_SLOTS = ['top', 'bottom', 'one-piece', 'outerwear', 'shoes'] as const;
export type GarmentSlot = (typeof GARMENT_SLOTS)[number];
export const GARMENT_SLOT_MESSAGE = `Slot must be one of ${GARMENT_SLOTS.join(', ')}`;

/** Where a piece comes from: an image the user uploaded, a style of the catalogue, or a product of a style. */
export const PIECE_SOURCES = ['upload', 'style', 'product'] as const;
export type PieceSource = (typeof PIECE_SOURCES)[number];

export const MIN_OUTFIT_PIECES = 1;
export const MAX_OUTFIT_PIECES = 5;
export const MIN_VARIANTS = 1;
export const MAX_VARIANTS = 4;
/**
 * How a variant differs from the others, as its label says (issue 39): the Fitly engine renders each variant in
 * another fit (shared/engine/look/variants.ts); an AI provider renders several samples of the same try-on, which
 * differ only as its model varies them, and that is what their label says.
 */
export function variantLabel(index: number, madeBy: MadeBy | null): string {
  return madeBy === 'engine' ? variantFor(index).label : `Take ${index + 1}: the AI model's own variation`;
}

/** What the variants picker says variants are (the engine's fits, or the AI model's takes). */
export const VARIANTS_EXPLAINED =
  'Each variant is its own render: the Fitly engine shows the look in another fit (regular, closer and cropped, looser and longer, tucked in), an AI model gives another take of the same try-on. Each is labelled with its difference.';

/** A run with several variants (and its unkept images) expires this long after it was made. */
export const VARIANT_RUN_RETENTION_DAYS = 7;

/** A run with several variants is not a gallery item: its kept variants are. */
export const isVariantRun = (g: { variantCount?: number }) => (g.variantCount ?? 1) > 1;

/**
 * The TTL attribute (epoch seconds) a new generation gets: the owner's retention choice (Settings > Privacy), and
 * for a run of several variants at most VARIANT_RUN_RETENTION_DAYS (its kept variants are generations of their
 * own, each with the owner's retention). Null: kept until deleted.
 */
export function newGenerationTtl(createdAt: string, retention: RetentionDays, variants = 1): number | null {
  const kept = generationTtl(createdAt, retention);
  if (variants <= 1) return kept;
  const run = Math.floor(new Date(createdAt).getTime() / 1000) + VARIANT_RUN_RETENTION_DAYS * 86_400;
  return Math.min(kept ?? Infinity, run);
}
/** The S3 tag a run's variant images are written with; the private bucket's lifecycle rule expires them. */
export const VARIANT_TAG = { key: 'fitly-variant', value: 'true' } as const;

/** Slots a second piece may not take (a second accessory is fine: a bag and a hat). */
const SINGLE_SLOTS: ReadonlySet<OutfitSlot> = new Set(['top', 'bottom', 'one-piece', 'outerwear', 'shoes']);

export const OUTFIT_MESSAGES = {
  noPieces: 'Add at least one piece to your outfit',
  tooManyPieces: `An outfit has at most ${MAX_OUTFIT_PIECES} pieces`,
  onePieceConflict: 'A one-piece cannot be worn with a separate top or bottom. Remove one of them or change its slot.',
  duplicateSlot: (slot: OutfitSlot) =>
    `Only one piece can be the ${SLOT_LABELS[slot].toLowerCase()}. Remove one of them or change its slot.`,
  variantsRange: `Choose between ${MIN_VARIANTS} and ${MAX_VARIANTS} variants`,
} as const;

export interface OutfitProblem {
  code: 'outfit.slot_conflict' | 'outfit.pieces';
  message: string;
  /** Indexes of the pieces involved (the builder marks them). */
  pieces: number[];
}

/** The first problem with these slots (in layering order), or null when the outfit can be rendered. */
export function outfitProblem(slots: readonly OutfitSlot[]): OutfitProblem | null {
  if (slots.length < MIN_OUTFIT_PIECES) return { code: 'outfit.pieces', message: OUTFIT_MESSAGES.noPieces, pieces: [] };
  if (slots.length > MAX_OUTFIT_PIECES)
    return { code: 'outfit.pieces', message: OUTFIT_MESSAGES.tooManyPieces, pieces: [] };
  const onePiece = slots.indexOf('one-piece');
  if (onePiece >= 0) {
    const clash = slots.findIndex((s) => s === 'top' || s === 'bottom');
    if (clash >= 0)
      return {
        code: 'outfit.slot_conflict',
        message: OUTFIT_MESSAGES.onePieceConflict,
        pieces: [onePiece, clash].sort((a, b) => a - b),
      };
  }
  for (let i = 0; i < slots.length; i++) {
    const j = slots.indexOf(slots[i]!, i + 1);
    if (j > 0 && SINGLE_SLOTS.has(slots[i]!))
      return { code: 'outfit.slot_conflict', message: OUTFIT_MESSAGES.duplicateSlot(slots[i]!), pieces: [i, j] };
  }
  return null;
}

/** Slots still free for one more piece next to these (the builder offers only these). */
export function freeSlots(slots: readonly OutfitSlot[]): OutfitSlot[] {
  if (slots.length >= MAX_OUTFIT_PIECES) return [];
  return OUTFIT_SLOTS.filter((s) => !outfitProblem([...slots, s]));
}

export const validVariants = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= MIN_VARIANTS && n <= MAX_VARIANTS;

/**
 * The cost of a look: the base generation cost, +1 per piece beyond the first (an option that "adds +1"),
 * times the number of variants. The API reserves exactly this and the button shows exactly this.
 */
export function lookCost(opts: { pieces?: number; variants?: number } = {}): number {
  const pieces = Math.max(1, Math.floor(opts.pieces ?? 1));
  const variants = Math.max(1, Math.floor(opts.variants ?? 1));
  return (GENERATION_COST + (pieces - 1) * EXTRA_OPTION_COST) * variants;
}

/** The cost of one variant of a look (shown on the button next to the total). */
export const costPerVariant = (pieces = 1) => lookCost({ pieces, variants: 1 });

/** "Generate 3 variants · 2 credits each · 6 credits": the button's label, so the total is seen before confirming. */
export function costLabel(opts: { pieces?: number; variants?: number }): string {
  const variants = Math.max(1, Math.floor(opts.variants ?? 1));
  const total = lookCost(opts);
  return variants === 1
    ? creditCount(total)
    : `${variants} variants × ${creditCount(costPerVariant(opts.pieces))} = ${creditCount(total)}`;
}

/**
 * Which steps render an outfit: providers that take one garment per call are chained in layering order
 * (each step's result is the next step's person); providers that take several images get one call.
 * Variants are asked of the last step only (intermediate steps take one sample).
 */
export function renderSteps(
  pieces: number,
  multiGarment: boolean,
): { garments: number[]; samples: 'one' | 'variants' }[] {
  const all = Array.from({ length: Math.max(1, pieces) }, (_, i) => i);
  if (multiGarment) return [{ garments: all, samples: 'variants' }];
  return all.map((i) => ({ garments: [i], samples: i === all.length - 1 ? 'variants' : 'one' }));
}
