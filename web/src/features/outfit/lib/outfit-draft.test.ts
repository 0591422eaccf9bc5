import { describe, expect, it } from 'vitest';
import { draftReducer, draftStatus, newPiece, previewPiecesOf, toRequestPieces, type DraftPiece } from './outfit-draft';

const build = (...actions: Parameters<typeof draftReducer>[1][]) => actions.reduce(draftReducer, [] as DraftPiece[]);

describe('outfit draft', () => {
  it('adds pieces in free slots, at most 5', () => {
    const pieces = build(...Array.from({ length: 7 }, () => ({ type: 'add' as const })));
    expect(pieces.map((p) => p.slot)).toEqual(['top', 'bottom', 'outerwear', 'shoes', 'accessory']);
  });
  it('reorders by one step and not past the ends', () => {
    let pieces = build({ type: 'add' }, { type: 'add' }, { type: 'add' });
    const [a, b, c] = pieces.map((p) => p.key);
    pieces = draftReducer(pieces, { type: 'move', key: c!, by: -1 });
    expect(pieces.map((p) => p.key)).toEqual([a, c, b]);
    expect(draftReducer(pieces, { type: 'move', key: a!, by: -1 })).toBe(pieces);
    expect(draftReducer(pieces, { type: 'move', key: b!, by: 1 })).toBe(pieces);
  });
  it('reports a slot conflict with the pieces involved, and what each piece still needs', () => {
    let pieces = build({ type: 'add' }, { type: 'add' });
    pieces = draftReducer(pieces, { type: 'slot', key: pieces[1]!.key, slot: 'one-piece' });
    const s = draftStatus(pieces, 1);
    expect(s.problem).toMatchObject({ code: 'outfit.slot_conflict', pieces: [0, 1] });
    expect([...s.missing.values()]).toEqual(['Upload an image for this piece', 'Upload an image for this piece']);
    expect(s.ready).toBe(false);
  });
  it('is ready when every piece has its image, and costs +1 per piece beyond the first, times variants', () => {
    let pieces = build(
      { type: 'add' },
      { type: 'add', source: 'style', styleId: 's1' },
      { type: 'add', source: 'product' },
    );
    pieces = draftReducer(pieces, {
      type: 'upload',
      key: pieces[0]!.key,
      imageUrl: '/api/private-image/users/u/outfits/a.jpg',
    });
    pieces = draftReducer(pieces, { type: 'style', key: pieces[2]!.key, styleId: 's2' });
    expect(draftStatus(pieces, 1).missing.get(2)).toBe('Choose a product for this piece');
    pieces = draftReducer(pieces, { type: 'product', key: pieces[2]!.key, productId: 'p1' });
    const s = draftStatus(pieces, 3);
    expect([s.ready, s.cost]).toEqual([true, 9]);
    expect(toRequestPieces(pieces)).toEqual([
      {
        slot: 'top',
        source: 'upload',
        imageUrl: '/api/private-image/users/u/outfits/a.jpg',
        imageType: 'product_only',
      },
      { slot: 'bottom', source: 'style', styleId: 's1' },
      { slot: 'outerwear', source: 'product', styleId: 's2', productId: 'p1' },
    ]);
  });
  it('changing a source clears what the old source chose', () => {
    const p = { ...newPiece('top', 'product', 's1'), productId: 'p1' };
    const [next] = draftReducer([p], { type: 'source', key: p.key, source: 'upload' });
    expect([next!.styleId, next!.productId, next!.imageUrl]).toEqual([null, null, null]);
  });
});

describe('previewPiecesOf (what Preview on me dresses)', () => {
  const styles = [{ id: 's1', promptImageUrl: 'public/s1.jpg', styleImageType: 'model_wearer' as const }];
  const products = (id: string) => (id === 's1' ? [{ id: 'p1', imageUrl: 'public/p1.jpg' }] : undefined);
  it('gives each piece its picture and type, an upload as typed, a style as its type, a product as a product shot', () => {
    const up: DraftPiece = {
      ...newPiece('bottom'),
      imageUrl: '/api/private-image/users/u/a.jpg',
      imageType: 'product_laydown',
    };
    const st = newPiece('top', 'style', 's1');
    const pr: DraftPiece = { ...newPiece('shoes', 'product', 's1'), productId: 'p1' };
    expect(previewPiecesOf([up, st, pr], styles, products)).toEqual([
      { src: '/api/private-image/users/u/a.jpg', imageType: 'product_laydown', slot: 'bottom' },
      { src: 'public/s1.jpg', imageType: 'model_wearer', slot: 'top' },
      { src: 'public/p1.jpg', imageType: 'product_only', slot: 'shoes' },
    ]);
  });
  it('waits for a whole outfit: a piece without a picture (or not loaded yet) gives null', () => {
    expect(previewPiecesOf([newPiece('top')], styles, products)).toBeNull();
    expect(previewPiecesOf([newPiece('top', 'style', 'unknown')], styles, products)).toBeNull();
    expect(previewPiecesOf([{ ...newPiece('top', 'product', 's2'), productId: 'p9' }], styles, products)).toBeNull();
    expect(previewPiecesOf([], styles, products)).toBeNull();
  });
});
