import { lazy, type ComponentType } from 'react';

/**
 * Every screen the router can show, by id. Built screens are lazy route chunks; screens owned by later
 * work are placeholders ("Coming soon" with the screen's title). To build a screen, replace its entry
 * here with `lazy(() => import('../features/<feature>/components/<page>'))`.
 */
const placeholder = (title: string): ComponentType =>
  lazy(() =>
    import('../components/placeholder-page').then(({ PlaceholderPage }) => ({
      default: () => <PlaceholderPage title={title} />,
    })),
  );

export const SCREENS = {
  // Built
  landing: lazy(() => import('../features/landing/components/landing-page')),
  dashboard: lazy(() => import('../features/dashboard/components/dashboard-page')),
  login: lazy(() => import('../features/auth/components/login-page')),
  register: lazy(() => import('../features/auth/components/register-page')),
  privacy: lazy(() => import('../features/privacy/components/privacy-page')),
  'not-found': lazy(() => import('../features/not-found/components/not-found-page')),
  generate: lazy(() => import('../features/generations/components/generate-list-page')),
  'generate-edit': lazy(() => import('../features/generations/components/generate-template-page')),
  'generate-style': lazy(() => import('../features/generations/components/generate-style-page')),
  'try-custom-look': lazy(() => import('../features/generations/components/try-custom-look-page')),
  'quick-try': lazy(() => import('../features/generations/components/quick-try-page')),
  gallery: lazy(() => import('../features/generations/components/gallery-page')),
  generation: lazy(() => import('../features/generations/components/generation-detail-page')),
  // Placeholders (later work)
  onboarding: placeholder('Onboarding'),
  explore: placeholder('Explore Styles'),
  style: placeholder('Style'),
  photos: lazy(() => import('../features/photo-profiles/components/photos-redirect-page')),
  profiles: lazy(() => import('../features/photo-profiles/components/profiles-page')),
  'profile-new': lazy(() => import('../features/photo-profiles/components/profile-form-page')),
  'profile-edit': lazy(() => import('../features/photo-profiles/components/profile-form-page')),
  collections: placeholder('Collections'),
  collection: placeholder('Collection'),
  pricing: placeholder('Pricing'),
  subscription: placeholder('Subscription'),
  account: placeholder('Account'),
  'influencer-apply': placeholder('Apply to Become an Influencer'),
  'admin-prompts': placeholder('Prompt Templates'),
  'admin-styles': placeholder('Style Creator'),
  'admin-raw-templates': placeholder('Raw Templates'),
  'admin-influencer-applications': placeholder('Influencer Applications'),
  'admin-finance': placeholder('Finance'),
  settings: lazy(() => import('../features/settings/components/settings-page')),
  'influencer-collections': placeholder('My Collections'),
  'public-profile': placeholder('Public Profile'),
} satisfies Record<string, ComponentType>;

export type ScreenId = keyof typeof SCREENS;
