/**
 * What is known of the fixture garments (test/fixtures/garments, looked at): their slot, kind, length and shape.
 * The evaluation set (test/engine/eval) draws its own garments and knows their truth from the drawing.
 */
import { LENGTH, type GarmentTruth } from './measure-all';

export const FIXTURE_TRUTH: Record<string, GarmentTruth> = {
  'tee-white.jpg': { category: 'tee', slot: 'top' },
  'tee-alpha.png': { category: 'tee', slot: 'top' },
  'shirt-white.jpg': { category: 'shirt', slot: 'top' },
  'shirt-alpha.png': { category: 'shirt', slot: 'top' },
  // a jacket is hip length (docs/decisions.md); this one is drawn short for its width
  'jacket-alpha.png': { category: 'jacket', slot: 'outerwear', length: LENGTH.hip },
  'jacket-white.jpg': { category: 'jacket', slot: 'outerwear', length: LENGTH.hip },
  'jeans-white.jpg': { category: 'jeans', slot: 'bottom', length: LENGTH.floor },
  'jeans-alpha.png': { category: 'jeans', slot: 'bottom', length: LENGTH.floor },
  'skirt-alpha.png': { category: 'a-line skirt', slot: 'bottom', skirt: true, length: LENGTH.aboveKnee },
  'skirt-white.jpg': { category: 'a-line skirt', slot: 'bottom', skirt: true, length: LENGTH.aboveKnee },
  'dress-white.jpg': {
    category: 'sleeveless dress',
    slot: 'one-piece',
    skirt: true,
    sleeveless: true,
    length: LENGTH.aboveKnee,
  },
  'dress-alpha.png': {
    category: 'sleeveless dress',
    slot: 'one-piece',
    skirt: true,
    sleeveless: true,
    length: LENGTH.aboveKnee,
  },
  'trainers-white.jpg': { category: 'trainers', slot: 'shoes' },
  'trainers-alpha.png': { category: 'trainers', slot: 'shoes' },
};
