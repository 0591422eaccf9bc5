/** Copy of the landing page that is data (lists); section headings live with their sections. */
// shared/ by a relative path, not `@shared/`: test/engine/landing-images.ts (Node, run by tsx) imports this file
import {
  creditCount,
  GENERATION_COST,
  EXTRA_OPTION_COST,
  PACKS,
  PLANS,
  ROLLOVER_MULTIPLIER,
  formatEur,
  STARTER_GRANT_LABEL,
} from '../../../../../shared/domain/plans';
import { MIN_PHOTO_PROFILE_AGE, RETENTION_DAYS } from '../../../../../shared/domain/privacy';

/**
 * The landing's pictures are real renders of the Fitly engine (issue 39): computer-generated fixture figures
 * (test/fixtures/people, no real person) dressed in pieces of the seeded catalogue, written by
 * `npm run landing:images` (test/engine/landing-images.ts) so they follow the engine. The page says so.
 */
export const LANDING_RENDER_NOTE =
  'The people shown are computer-generated figures, dressed by the Fitly engine: real renders, not retouched.';

/** The hero's before/after: a fixture figure's photo, and the engine's render of it in a seeded style. */
export const HERO_IMAGES = {
  fixture: 'ai-body',
  style: 'Weekend Denim',
  before: '/landing/hero-before.webp',
  after: '/landing/hero-after.webp',
  beforeAlt: 'Before: a computer-generated woman in a white sleeveless dress',
  afterAlt: 'After: the same figure as rendered by the Fitly engine in a denim jacket, white tee and straight jeans',
} as const;

export const DEMO_PEOPLE = [
  { id: 'ava', name: 'Ava', fixture: 'ai-body', src: '/landing/demo-ava.webp' },
  { id: 'nora', name: 'Nora', fixture: 'cgi-model-27', src: '/landing/demo-nora.webp' },
] as const;

/** Each look is a seeded style (infra/local/seed-catalog.json), all of its wearable pieces at once. */
export const DEMO_LOOKS = [
  { id: 'linen', name: 'Resort linen', style: 'Resort Linen', src: '/landing/look-linen.webp' },
  { id: 'denim', name: 'Weekend denim', style: 'Weekend Denim', src: '/landing/look-denim.webp' },
  { id: 'evening', name: 'Midnight slip dress', style: 'Midnight Slip Dress', src: '/landing/look-evening.webp' },
] as const;

export type DemoPersonId = (typeof DEMO_PEOPLE)[number]['id'];
export type DemoLookId = (typeof DEMO_LOOKS)[number]['id'];

export const demoPreviewSrc = (person: DemoPersonId, look: DemoLookId): string =>
  `/landing/preview-${person}-${look}.webp`;

/**
 * Section 10 (issue 39): how each audience uses Fitly, said in the product's own words. Spec 01 asks for three
 * testimonials; we have no real customers' permission to quote, so no invented names or quotes (docs/decisions.md).
 */
export const USE_CASES = [
  {
    role: 'Shoppers',
    initials: 'S',
    text: 'Try a look on your own photo before you buy, instead of ordering three sizes "just to see". Keep the styles you like in Favorites.',
  },
  {
    role: 'Personal stylists',
    initials: 'PS',
    text: `Keep a private photo profile for each client (up to ${PLANS.creator.limits.photoProfiles} on the Creator plan), try options on them and compare them side by side.`,
  },
  {
    role: 'Creators',
    initials: 'C',
    text: 'Publish styles and collections with links to every piece; your audience tries each look on themselves.',
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
    answer: `Most generations cost ${creditCount(GENERATION_COST)}; some options add +${EXTRA_OPTION_COST}. Monthly plans add credits every month (Starter ${PLANS.starter.credits}, Creator ${PLANS.creator.credits}) and unused credits roll over up to ${ROLLOVER_MULTIPLIER} times the monthly amount. Need more? Credit packs start at ${creditCount(pack.credits)} for ${formatEur(pack.priceCents)} and stay valid for ${pack.validityMonths} months (${creditCount(bigPack.credits)} for ${formatEur(bigPack.priceCents)} is the best value).`,
  },
  {
    id: 'modes',
    question: 'What is the difference between Creative and Exact mode?',
    answer:
      'Creative mode makes stylized, editorial results and works from product-only shots and flat-lays. Exact mode puts the exact garment onto your full-body photo: photorealistic when an AI try-on model renders it (from a product photo or an image of a model wearing it), a preview-quality composite when the Fitly engine does (from a product photo: the engine does not take a garment off someone wearing it), and every result is labelled with what made it. You do not have to choose: we detect the outfit type and route it to the best mode.',
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

/**
 * The FAQ page (/faq, issue 39): the landing's questions and these, each answer drawn from what the product does
 * (the rules it cites are the shared constants).
 */
export const MORE_FAQ_ITEMS = [
  {
    id: 'free-look',
    question: 'Is the first look really free?',
    answer: `Yes: a new account with a confirmed e-mail address gets ${STARTER_GRANT_LABEL}, no card needed. It is given once per e-mail address, so an address that already had it (on an earlier account, also one that was deleted) starts with none; the dashboard says so.`,
  },
  {
    id: 'age',
    question: 'Can I use Fitly if I am under 18?',
    answer: `You can explore styles and collections and keep favourites, but photo profiles are for people ${MIN_PHOTO_PROFILE_AGE} and over, so looks cannot be rendered on you. We keep only whether you are ${MIN_PHOTO_PROFILE_AGE} or over, not your date of birth.`,
  },
  {
    id: 'favorites',
    question: 'Where do I find the styles I liked?',
    answer:
      'Tap Favorite on any style; your favourites are listed on the Favorites page (in your account menu), newest first. Collections are put together by creators; you can browse them under Collections.',
  },
  {
    id: 'failed',
    question: 'What happens to my credit if a look fails?',
    answer:
      'A look that fails, or whose result does not pass our safety check, gives its credits back automatically; the credit history on your Account and Billing page shows the refund.',
  },
  {
    id: 'sharing',
    question: 'Can I share a look for a second opinion?',
    answer:
      'Yes. A share link shows the look (not your original photos) to anyone who has it, for 1, 7 or 30 days; you can revoke it at any time under My shares in your Gallery.',
  },
  {
    id: 'retention',
    question: 'How long are my looks kept?',
    answer: `Until you delete them, unless you choose to have them deleted automatically after ${RETENTION_DAYS.join(', ')} days in Settings. You can download all your data as a ZIP file, and delete your account with everything in it, from Settings.`,
  },
  {
    id: 'creators',
    question: 'How do I become a creator?',
    answer:
      'The creator program is invite-only and an add-on for Starter and Creator plan holders: apply from the Become a Creator page; applications are typically reviewed in 2-3 business days. Creators publish styles and collections.',
  },
  {
    id: 'retailers',
    question: 'Is there something for shops?',
    answer:
      'A retailer beta (a try-on widget for product pages) is in preparation and not part of the app yet. Write to us and we will get in touch when it opens.',
  },
] as const;
