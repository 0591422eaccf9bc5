/** Copy of the landing page that is data (lists); section headings live with their sections. */
import {
  GENERATION_COST,
  EXTRA_OPTION_COST,
  PACKS,
  PLANS,
  ROLLOVER_MULTIPLIER,
  formatEur,
} from '../../../../../shared/domain/plans';

export const DEMO_PEOPLE = [
  { id: 'ava', name: 'Ava', src: '/landing/demo-ava.svg' },
  { id: 'leo', name: 'Leo', src: '/landing/demo-leo.svg' },
] as const;

export const DEMO_LOOKS = [
  { id: 'linen', name: 'Summer linen', src: '/landing/look-linen.svg' },
  { id: 'denim', name: 'Street denim', src: '/landing/look-denim.svg' },
  { id: 'evening', name: 'Evening tailoring', src: '/landing/look-evening.svg' },
] as const;

export type DemoPersonId = (typeof DEMO_PEOPLE)[number]['id'];
export type DemoLookId = (typeof DEMO_LOOKS)[number]['id'];

export const demoPreviewSrc = (person: DemoPersonId, look: DemoLookId): string =>
  `/landing/preview-${person}-${look}.svg`;

export const TESTIMONIALS = [
  {
    quote:
      'I stopped ordering three sizes "just to see". I try the look on my own photo first and only buy what actually suits me.',
    author: 'Maya Okafor',
    role: 'Shopper, Lisbon',
    initials: 'MO',
  },
  {
    quote:
      'My clients see themselves in a whole capsule wardrobe before we shop. Lookbooks that used to take an afternoon take ten minutes.',
    author: 'Daniel Weber',
    role: 'Personal stylist, Berlin',
    initials: 'DW',
  },
  {
    quote: 'I publish a collection, my followers try every piece on themselves, and the affiliate links do the rest.',
    author: 'Sofia Marino',
    role: 'Fashion creator, Milan',
    initials: 'SM',
  },
] as const;

export const FAQ_PHOTOS_ID = 'photos';

const pack = PACKS['pack-30'];
const bigPack = PACKS['pack-300'];

export const FAQ_ITEMS = [
  {
    id: FAQ_PHOTOS_ID,
    question: 'Which photos work best?',
    answer:
      'A Photo Profile has two photos: a portrait (head and shoulders, facing the camera) and a full-body photo (standing, arms slightly away from the body). Use good, even light, a plain background and fitted clothes, with nothing covering your face. Avoid heavy filters, mirror selfies and group photos: one person per photo gives the most faithful results.',
  },
  {
    id: 'privacy',
    question: 'Are my photos private?',
    answer:
      'Yes. Your photos are encrypted and never shared with third parties. They are stored in a private bucket that only your account can read, location metadata is removed on upload, and you can remove them from your account at any time (one by one, or all at once in Settings).',
  },
  {
    id: 'credits',
    question: 'How do credits work?',
    answer: `Most generations cost ${GENERATION_COST} credit; some options add +${EXTRA_OPTION_COST}. Monthly plans add credits every month (Starter ${PLANS.starter.credits}, Creator ${PLANS.creator.credits}) and unused credits roll over up to ${ROLLOVER_MULTIPLIER} times the monthly amount. Need more? Credit packs start at ${pack.credits} credits for ${formatEur(pack.priceCents)} and stay valid for ${pack.validityMonths} months (${bigPack.credits} credits for ${formatEur(bigPack.priceCents)} is the best value).`,
  },
  {
    id: 'modes',
    question: 'What is the difference between Creative and Exact mode?',
    answer:
      'Creative mode makes stylized, editorial results and works from product-only shots and flat-lays. Exact mode puts the exact garment from an image of a model wearing it onto your full-body photo: photorealistic when an AI try-on model renders it, a preview-quality composite when the Fitly engine does, and every result is labelled with what made it. You do not have to choose: we detect the outfit type and route it to the best mode.',
  },
  {
    id: 'skills',
    question: 'Do I need editing skills?',
    answer:
      'No. Pick a style or upload any outfit image and we do the rest. There is nothing to mask, cut out or retouch.',
  },
  {
    id: 'cancel',
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Cancel from your Subscription page in two clicks; you keep access and your credits until the end of the billing period. The Trial is a one-time purchase with no subscription at all.',
  },
] as const;
