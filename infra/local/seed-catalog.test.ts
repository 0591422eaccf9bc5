/**
 * The seeded catalogue tells the truth (issue 39): every piece a style names in its title and description is one
 * of its products, drawn as its own product shot, and the style's pictures show them all; distinct garments are
 * drawn as distinct shapes.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GARMENT_KINDS, garmentSvg, type GarmentKind } from './garment-art';
import { SEED_STYLES, slotOfCategory } from './seed-catalog';
import { lookPieces, renderLookImage, renderProductImage } from './seed-images';

const JACKETS: GarmentKind[] = ['jacket', 'quilted-jacket', 'fringe-jacket', 'bomber', 'shell', 'blazer', 'trench'];
const TROUSERS: GarmentKind[] = ['trousers', 'wide-trousers', 'cargo-pants', 'joggers', 'jeans'];
const DRESSES: GarmentKind[] = ['dress', 'slip-dress', 'wrap-dress', 'floral-midi'];

/**
 * The rule: the garment words of a style's title and description, each with the drawings that may show it.
 * A word names one piece (a "suit" two); every piece named must be a product of the style drawn as one of
 * them, and every product must be named (Shop This Look links only to what the picture shows).
 */
const PIECE_WORDS: { word: RegExp; pieces: GarmentKind[][] }[] = [
  { word: /\bjackets?\b/, pieces: [JACKETS] },
  { word: /\bbomber\b/, pieces: [['bomber']] },
  { word: /\bshell\b/, pieces: [['shell']] },
  { word: /\bquilted\b/, pieces: [['quilted-jacket']] },
  { word: /\bfringe suede jacket\b/, pieces: [['fringe-jacket']] },
  { word: /\btrench\b/, pieces: [['trench']] },
  { word: /\bblazer\b/, pieces: [['blazer']] },
  { word: /\bsuit\b/, pieces: [['blazer'], TROUSERS] },
  { word: /\btee\b/, pieces: [['tee']] },
  { word: /\bpolo\b/, pieces: [['polo']] },
  { word: /\bhoodie\b/, pieces: [['hoodie']] },
  { word: /\bturtleneck\b/, pieces: [['turtleneck']] },
  { word: /\bcrew(neck)?\b/, pieces: [['sweater']] },
  { word: /\bknit\b/, pieces: [['sweater', 'turtleneck', 'cropped-cardigan']] },
  { word: /\bcropped knit\b/, pieces: [['cropped-cardigan']] },
  { word: /\bfleece\b/, pieces: [['fleece']] },
  { word: /\bvest\b/, pieces: [['vest']] },
  { word: /\b(shirt|blouse)\b/, pieces: [['shirt']] },
  { word: /\bsequin top\b|\bparty top\b/, pieces: [['cami']] },
  { word: /\bjeans\b/, pieces: [['jeans']] },
  { word: /\b(trousers|chinos|pants)\b/, pieces: [TROUSERS] },
  { word: /\bwide trousers\b/, pieces: [['wide-trousers']] },
  { word: /\bcargo\b/, pieces: [['cargo-pants']] },
  { word: /\bjoggers?\b/, pieces: [['joggers']] },
  { word: /\btights\b/, pieces: [['tights']] },
  { word: /\bshorts\b/, pieces: [['shorts']] },
  { word: /\bpleated skirt\b/, pieces: [['skirt']] },
  { word: /\bmidi skirt\b/, pieces: [['midi-skirt']] },
  { word: /\bskirt\b/, pieces: [['skirt', 'midi-skirt']] },
  { word: /\bdress\b/, pieces: [DRESSES] },
  { word: /\bslip dress\b/, pieces: [['slip-dress']] },
  { word: /\bwrap dress\b/, pieces: [['wrap-dress']] },
  { word: /\bfloral midi\b/, pieces: [['floral-midi']] },
  { word: /\b(sneakers|trail shoes|skate shoes)\b/, pieces: [['sneakers']] },
  { word: /\bloafers\b/, pieces: [['loafers']] },
  { word: /\bboots\b/, pieces: [['ankle-boots']] },
  { word: /\bheels\b/, pieces: [['heels']] },
  { word: /\bespadrilles\b/, pieces: [['espadrilles']] },
  { word: /\bbrogues\b/, pieces: [['brogues']] },
  { word: /\bearrings\b/, pieces: [['earrings']] },
  { word: /\bhoops\b/, pieces: [['hoops']] },
  { word: /\b(tote|bag)\b/, pieces: [['tote', 'clutch', 'fringe-bag']] },
  { word: /\bclutch\b/, pieces: [['clutch']] },
  { word: /\bhat\b/, pieces: [['straw-hat']] },
  { word: /\bcap\b/, pieces: [['cap']] },
  { word: /\bbeanie\b/, pieces: [['beanie']] },
  { word: /\bbelt\b/, pieces: [['belt']] },
];

/** The pieces a style's words name: each a list of the drawings that may show it. */
function namedPieces(text: string): { word: string; drawings: GarmentKind[] }[] {
  const lower = text.toLowerCase();
  return PIECE_WORDS.flatMap(({ word, pieces }) => {
    const m = word.exec(lower);
    return m ? pieces.map((drawings) => ({ word: m[0], drawings })) : [];
  });
}

/**
 * The pieces, not the words: a word whose drawings include another named word's is the same piece said twice
 * ("shell jacket", "pleated skirt", "cropped knit").
 */
function distinctPieces(named: { drawings: GarmentKind[] }[]): GarmentKind[][] {
  const unique = [...new Map(named.map((n) => [n.drawings.join('|'), n.drawings])).values()];
  return unique.filter((a) => !unique.some((b) => b !== a && b.every((k) => a.includes(k))));
}

/** How many pieces get a product of their own (a maximum matching, by augmenting paths). */
function matchPieces(pieces: GarmentKind[][], products: readonly { drawing: GarmentKind }[]): number {
  const owner = new Array<number>(products.length).fill(-1);
  const assign = (i: number, seen: Set<number>): boolean =>
    products.some((p, j) => {
      if (seen.has(j) || !pieces[i]!.includes(p.drawing)) return false;
      seen.add(j);
      if (owner[j] === -1 || assign(owner[j]!, seen)) {
        owner[j] = i;
        return true;
      }
      return false;
    });
  return pieces.filter((_, i) => assign(i, new Set())).length;
}

describe('the seeded catalogue shows what it names', () => {
  it.each(SEED_STYLES.map((s) => [s.name, s] as const))(
    '%s: every piece it names is a product drawn as that piece, and every product is named',
    (_, s) => {
      const named = namedPieces(`${s.name}. ${s.description}`);
      expect(named.length, 'a style names at least one piece').toBeGreaterThan(0);
      for (const n of named)
        expect(
          s.products.some((p) => n.drawings.includes(p.drawing)),
          `"${n.word}" (${n.drawings.join(' or ')}) is one of the products`,
        ).toBe(true);
      for (const p of s.products)
        expect(
          named.some((n) => n.drawings.includes(p.drawing)),
          `the product "${p.name}" (${p.drawing}) is named by the style`,
        ).toBe(true);
      // a style naming several pieces carries them all: each distinct piece is a product of its own
      const pieces = distinctPieces(named);
      expect(matchPieces(pieces, s.products), `${pieces.length} pieces named, each its own product`).toBe(
        pieces.length,
      );
    },
  );

  it("every style's try-on picture is a piece worn in a known slot (stored on the style, not guessed)", () => {
    for (const s of SEED_STYLES) expect(slotOfCategory(lookPieces(s.products)[0]!.category), s.name).not.toBeNull();
    expect(slotOfCategory('Dresses')).toBe('one-piece');
    expect(slotOfCategory('Accessories')).toBeNull();
  });

  it("a style's pictures show every one of its products", () => {
    for (const s of SEED_STYLES) {
      const shown = lookPieces(s.products);
      expect(shown).toHaveLength(s.products.length);
      expect(shown).toEqual(expect.arrayContaining([...s.products]));
    }
  });

  it('every product has its own picture, and so has every look (drawn, decodable)', async () => {
    const s = SEED_STYLES.find((x) => x.products.length >= 4)!;
    for (const p of s.products) {
      const meta = await sharp(await renderProductImage(s.palette, p)).metadata();
      expect(meta.format).toBe('webp');
    }
    const cover = await sharp(await renderLookImage(s.products, s.palette)).metadata();
    expect([cover.format, cover.width, cover.height]).toEqual(['webp', 600, 750]);
  });
});

describe('distinct garments are drawn as distinct shapes', () => {
  const N = 128;
  const grey = async (k: GarmentKind) =>
    sharp(Buffer.from(garmentSvg(k, { main: '#8090a0', accent: '#203040' }, { background: '#ffffff' })))
      .resize(N, N)
      .greyscale()
      .raw()
      .toBuffer();
  const silhouette = async (k: GarmentKind) =>
    Uint8Array.from(
      await sharp(Buffer.from(garmentSvg(k, { main: '#808080', accent: '#808080' }, { background: null })))
        .resize(N, N)
        .ensureAlpha()
        .extractChannel(3)
        .raw()
        .toBuffer(),
      (v) => (v > 127 ? 1 : 0),
    );
  const iou = (a: Uint8Array, b: Uint8Array) => {
    let both = 0;
    let either = 0;
    for (let i = 0; i < a.length; i++) {
      both += a[i]! & b[i]!;
      either += a[i]! | b[i]!;
    }
    return both / either;
  };

  it('no two kinds are drawn alike: at least 1% of the picture differs clearly between any two', async () => {
    const pictures = new Map(await Promise.all(GARMENT_KINDS.map(async (k) => [k, await grey(k)] as const)));
    for (const a of GARMENT_KINDS)
      for (const b of GARMENT_KINDS) {
        if (a >= b) continue;
        const [pa, pb] = [pictures.get(a)!, pictures.get(b)!];
        let differ = 0;
        for (let i = 0; i < pa.length; i++) if (Math.abs(pa[i]! - pb[i]!) > 40) differ++;
        expect(differ / pa.length, `${a} vs ${b}`).toBeGreaterThan(0.01);
      }
  });

  it('the dresses differ in outline: a wrap dress, a slip dress, a sheath and a floral midi', async () => {
    const dresses = await Promise.all(DRESSES.map(silhouette));
    for (let i = 0; i < dresses.length; i++)
      for (let j = i + 1; j < dresses.length; j++)
        expect(iou(dresses[i]!, dresses[j]!), `${DRESSES[i]} vs ${DRESSES[j]}`).toBeLessThan(0.9);
  });

  it('a crewneck has no collar: nothing of it rises above its neckband, where a shirt has its collar', async () => {
    const [sweater, shirt] = await Promise.all([silhouette('sweater'), grey('shirt')]);
    // the neckline's middle, just below the shoulders' line: cloth on a shirt (its collar), open on a crewneck
    const at = (img: Uint8Array | Buffer, x: number, y: number) =>
      img[Math.round((y / 800) * N) * N + Math.round((x / 800) * N)]!;
    expect(at(sweater, 400, 135)).toBe(0);
    expect(at(shirt, 372, 160)).toBeLessThan(240);
  });
});
