/**
 * The outfit builder's state: pieces in layering order, each with a slot and a source. Pure, so the rules
 * the page shows (conflicts, missing images, the cost on the button) are unit-tested; the slot rules and the
 * cost come from shared/domain/outfit.ts, the same module the API checks with.
 */
import * as z from 'zod';
import { STYLE_IMAGE_TYPES, type StyleImageType } from '@shared/domain/catalog';
import { MODES } from '@shared/domain/generation';
import {
  freeSlots,
  lookCost,
  MAX_OUTFIT_PIECES,
  MAX_VARIANTS,
  OUTFIT_SLOTS,
  outfitProblem,
  PIECE_SOURCES,
  type OutfitProblem,
  type OutfitSlot,
  type PieceSource,
} from '@shared/domain/outfit';
import type { OutfitPieceRequest } from '../../generate';

export interface DraftPiece {
  /** Stable React key (not sent). */
  key: string;
  slot: OutfitSlot;
  source: PieceSource;
  imageUrl: string | null;
  imageType: StyleImageType;
  styleId: string | null;
  productId: string | null;
}

export type DraftAction =
  | { type: 'add'; source?: PieceSource; styleId?: string | null; slot?: OutfitSlot }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'slot'; key: string; slot: OutfitSlot }
  | { type: 'source'; key: string; source: PieceSource }
  | { type: 'upload'; key: string; imageUrl: string | null }
  | { type: 'imageType'; key: string; imageType: StyleImageType }
  | { type: 'style'; key: string; styleId: string | null }
  | { type: 'product'; key: string; productId: string | null };

let counter = 0;
const newKey = () => `piece-${++counter}`;

export function newPiece(slot: OutfitSlot, source: PieceSource = 'upload', styleId: string | null = null): DraftPiece {
  return { key: newKey(), slot, source, imageUrl: null, imageType: 'product_only', styleId, productId: null };
}

/** The first slot that keeps the outfit valid (a new piece never starts in conflict when it can help it). */
export const nextSlot = (pieces: DraftPiece[]): OutfitSlot => freeSlots(pieces.map((p) => p.slot))[0] ?? 'accessory';

export function draftReducer(pieces: DraftPiece[], a: DraftAction): DraftPiece[] {
  const update = (key: string, patch: Partial<DraftPiece>) =>
    pieces.map((p) => (p.key === key ? { ...p, ...patch } : p));
  switch (a.type) {
    case 'add':
      if (pieces.length >= MAX_OUTFIT_PIECES) return pieces;
      return [...pieces, newPiece(a.slot ?? nextSlot(pieces), a.source ?? 'upload', a.styleId ?? null)];
    case 'remove':
      return pieces.filter((p) => p.key !== a.key);
    case 'move': {
      const i = pieces.findIndex((p) => p.key === a.key);
      const j = i + a.by;
      if (i < 0 || j < 0 || j >= pieces.length) return pieces;
      const next = [...pieces];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    }
    case 'slot':
      return update(a.key, { slot: a.slot });
    case 'source':
      return update(a.key, {
        source: a.source,
        imageUrl: null,
        productId: null,
        ...(a.source === 'upload' ? { styleId: null } : {}),
      });
    case 'upload':
      return update(a.key, { imageUrl: a.imageUrl });
    case 'imageType':
      return update(a.key, { imageType: a.imageType });
    case 'style':
      return update(a.key, { styleId: a.styleId, productId: null });
    case 'product':
      return update(a.key, { productId: a.productId });
  }
}

/** What a piece still needs before the outfit can be generated, or null. */
export function pieceMissing(p: DraftPiece): string | null {
  if (p.source === 'upload' && !p.imageUrl) return 'Upload an image for this piece';
  if (p.source !== 'upload' && !p.styleId) return 'Choose a style for this piece';
  if (p.source === 'product' && !p.productId) return 'Choose a product for this piece';
  return null;
}

export interface DraftStatus {
  /** A slot conflict (or too many / no pieces): refused with this message, pieces marked. */
  problem: OutfitProblem | null;
  /** Index -> what the piece still needs. */
  missing: Map<number, string>;
  ready: boolean;
  cost: number;
}

export function draftStatus(pieces: DraftPiece[], variants: number): DraftStatus {
  const problem = outfitProblem(pieces.map((p) => p.slot));
  const missing = new Map<number, string>();
  pieces.forEach((p, i) => {
    const m = pieceMissing(p);
    if (m) missing.set(i, m);
  });
  return {
    problem,
    missing,
    ready: !problem && missing.size === 0,
    cost: lookCost({ pieces: Math.max(1, pieces.length), variants }),
  };
}

/** The API's pieces, in layering order. */
export function toRequestPieces(pieces: DraftPiece[]): OutfitPieceRequest[] {
  return pieces.map((p) =>
    p.source === 'upload'
      ? { slot: p.slot, source: 'upload', imageUrl: p.imageUrl ?? '', imageType: p.imageType }
      : p.source === 'style'
        ? { slot: p.slot, source: 'style', styleId: p.styleId ?? '' }
        : { slot: p.slot, source: 'product', styleId: p.styleId ?? '', productId: p.productId ?? '' },
  );
}

/**
 * The builder's form (react-hook-form + zod): the pieces (kept by the pure reducer above), the mode, the
 * variants and the photo profile. Refusals carry the messages the page shows: a slot conflict on `pieces`,
 * a piece's missing image, style or product on `pieces.<i>`, a missing profile on `photoProfileId`.
 */
export const PROFILE_REQUIRED = {
  exact: 'Choose a profile with a full-body photo',
  creative: 'Choose a photo profile',
} as const;

const draftPieceSchema = z.object({
  key: z.string(),
  slot: z.enum(OUTFIT_SLOTS),
  source: z.enum(PIECE_SOURCES),
  imageUrl: z.string().nullable(),
  imageType: z.enum(STYLE_IMAGE_TYPES),
  styleId: z.string().nullable(),
  productId: z.string().nullable(),
});

export const outfitFormSchema = z
  .object({
    pieces: z.array(draftPieceSchema),
    mode: z.enum(MODES),
    variants: z.number().int().min(1).max(MAX_VARIANTS),
    photoProfileId: z.string().nullable(),
  })
  .superRefine((v, ctx) => {
    const problem = outfitProblem(v.pieces.map((p) => p.slot));
    if (problem) ctx.addIssue({ code: 'custom', path: ['pieces'], message: problem.message });
    v.pieces.forEach((p, i) => {
      const missing = pieceMissing(p);
      if (missing) ctx.addIssue({ code: 'custom', path: ['pieces', i], message: missing });
    });
    if (!v.photoProfileId)
      ctx.addIssue({ code: 'custom', path: ['photoProfileId'], message: PROFILE_REQUIRED[v.mode] });
  });
export type OutfitFormValues = z.infer<typeof outfitFormSchema>;

/** What "Preview on me" dresses for a draft: each piece's picture, as the server reads it (generation-outfit-service). */
export interface PreviewPiece {
  src: string;
  imageType: StyleImageType;
  slot: DraftPiece['slot'];
}

/**
 * The draft's pieces as pictures, in layering order: an upload's own picture and type, a style's outfit picture
 * and type, a product's picture (a product shot). Null while a piece has no picture yet (nothing chosen, still
 * uploading, its style or product not loaded): the preview waits for a whole outfit.
 */
export function previewPiecesOf(
  pieces: readonly DraftPiece[],
  styles: readonly { id: string; promptImageUrl: string | null; styleImageType: StyleImageType }[],
  productsOf: (styleId: string) => readonly { id: string; imageUrl: string | null }[] | undefined,
): PreviewPiece[] | null {
  const out: PreviewPiece[] = [];
  for (const p of pieces) {
    if (p.source === 'upload') {
      if (!p.imageUrl) return null;
      out.push({ src: p.imageUrl, imageType: p.imageType, slot: p.slot });
    } else if (p.source === 'style') {
      const style = styles.find((s) => s.id === p.styleId);
      if (!style?.promptImageUrl) return null;
      out.push({ src: style.promptImageUrl, imageType: style.styleImageType, slot: p.slot });
    } else {
      const product = p.styleId ? productsOf(p.styleId)?.find((x) => x.id === p.productId) : undefined;
      if (!product?.imageUrl) return null;
      out.push({ src: product.imageUrl, imageType: 'product_only', slot: p.slot });
    }
  }
  return out.length ? out : null;
}
