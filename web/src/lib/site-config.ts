/** Product identity and the in-page anchors of the landing page: the one place the name lives. */
export const PRODUCT_NAME = 'Fitly';
export const PRODUCT_TAGLINE = 'AI virtual try-on and styling';

export const CONTACT_EMAIL = 'hello@fitly.example';

export const SOCIAL_LINKS = [
  { network: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'TikTok', href: 'https://www.tiktok.com/' },
  { network: 'Pinterest', href: 'https://www.pinterest.com/' },
] as const;
export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'];

/** In-page anchors of the landing page (spec 01 section 2, site config). */
export const ANCHORS = {
  explore: 'explore',
  collections: 'collections',
  pricing: 'pricing',
  creators: 'creators',
  shops: 'shops',
  signup: 'signup',
  contact: 'contact',
  howItWorks: 'how-it-works',
  faq: 'faq',
} as const;

export const NEWSLETTER = {
  title: 'Style notes, once a month',
  description: 'New looks, creator collections and product news. No spam, unsubscribe any time.',
  placeholder: 'you@example.com',
  button: 'Subscribe',
  success: "Thanks! We'll be in touch soon.",
} as const;

/** Where a new account lands after confirming its e-mail when it has no return path (see onboarding-gate.ts). */
export const AFTER_SIGN_UP_PATH = '/onboarding';
export const AFTER_SIGN_IN_PATH = '/dashboard';

export const documentTitle = (title?: string): string =>
  title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: see yourself in every style`;
