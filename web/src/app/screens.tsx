import { lazy, type ComponentType } from 'react';
import { preloadableLazy } from './preloadable-lazy';

/**
 * Every screen the router can show, by id: each is a lazy route chunk,
 * `lazy(() => import('../features/<feature>/components/<page>'))`.
 */

export const SCREENS = {
  // Built
  // The screens of the pages prerendered at build time (shared/domain/prerendered-pages.ts): the SPA taking over such
  // a page loads its screen before its first render, which then matches the HTML on screen (no spinner between).
  landing: preloadableLazy(() => import('../features/landing/components/landing-page')),
  dashboard: lazy(() => import('../features/dashboard/components/dashboard-page')),
  login: lazy(() => import('../features/auth/components/login-page')),
  register: lazy(() => import('../features/auth/components/register-page')),
  privacy: preloadableLazy(() => import('../features/privacy/components/privacy-page')),
  'account-deleted': lazy(() => import('../features/privacy/components/account-deleted-page')),
  'not-found': lazy(() => import('../features/not-found/components/not-found-page')),
  generate: lazy(() => import('../features/generations/components/generate-list-page')),
  'generate-edit': lazy(() => import('../features/generations/components/generate-template-page')),
  'generate-style': lazy(() => import('../features/generations/components/generate-style-page')),
  'try-custom-look': lazy(() => import('../features/generations/components/try-custom-look-page')),
  outfit: lazy(() => import('../features/outfit/components/outfit-builder-page')),
  'quick-try': lazy(() => import('../features/generations/components/quick-try-page')),
  gallery: lazy(() => import('../features/generations/components/gallery-page')),
  generation: lazy(() => import('../features/generations/components/generation-detail-page')),
  compare: lazy(() => import('../features/shares/components/compare-page')),
  'my-shares': lazy(() => import('../features/shares/components/my-shares-page')),
  'shared-look': lazy(() => import('../features/shares/components/shared-look-page')),
  // Placeholders (later work)
  onboarding: lazy(() => import('../features/onboarding/components/onboarding-page')),
  explore: lazy(() => import('../features/explore/components/explore-page')),
  style: lazy(() => import('../features/style/components/style-page')),
  photos: lazy(() => import('../features/photo-profiles/components/photos-redirect-page')),
  profiles: lazy(() => import('../features/photo-profiles/components/profiles-page')),
  'profile-new': lazy(() => import('../features/photo-profiles/components/profile-form-page')),
  'profile-edit': lazy(() => import('../features/photo-profiles/components/profile-form-page')),
  collections: lazy(() => import('../features/collections/components/collections-page')),
  collection: lazy(() => import('../features/collections/components/collection-page')),
  pricing: lazy(() => import('../features/billing/components/pricing-page')),
  subscription: lazy(() => import('../features/billing/components/subscription-page')),
  account: lazy(() => import('../features/billing/components/account-page')),
  'influencer-apply': lazy(() => import('../features/influencer/components/influencer-apply-page')),
  'admin-prompts': lazy(() => import('../features/admin-tools/components/admin-prompts-page')),
  'admin-styles': lazy(() => import('../features/style-editor/components/style-editor-page')),
  'admin-raw-templates': lazy(() => import('../features/admin-tools/components/admin-raw-templates-page')),
  'admin-influencer-applications': lazy(() => import('../features/influencer/components/admin-applications-page')),
  'admin-finance': lazy(() => import('../features/finance/components/admin-finance-page')),
  'admin-safety': lazy(() => import('../features/content-safety/components/admin-safety-page')),
  'admin-users': lazy(() => import('../features/admin-users/components/admin-users-page')),
  settings: lazy(() => import('../features/settings/components/settings-page')),
  'influencer-collections': lazy(() => import('../features/my-collections/components/my-collections-page')),
  'public-profile': lazy(() => import('../features/public-profile/components/public-profile-page')),
  'forgot-password': lazy(() => import('../features/auth/components/forgot-password-page')),
  'sign-in-required': lazy(() => import('../features/auth/components/sign-in-required-page')),
  'influencer-redirect': lazy(() => import('../features/public-profile/components/influencer-redirect-page')),
  favorites: lazy(() => import('../features/favorites/components/favorites-page')),
  faq: lazy(() => import('../features/landing/components/faq-page')),
  terms: lazy(() => import('../features/legal/components/terms-page')),
  refunds: lazy(() => import('../features/legal/components/refunds-page')),
  imprint: lazy(() => import('../features/legal/components/imprint-page')),
} satisfies Record<string, ComponentType>;

export type ScreenId = keyof typeof SCREENS;
