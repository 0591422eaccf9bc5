import type { ComponentType } from 'react';
import { preloadableLazy } from './preloadable-lazy';

/**
 * Every screen the router can show, by id: each is a lazy route chunk,
 * `preloadableLazy(() => import('../features/<feature>/components/<page>'))`. The SPA loads the first screen's chunk
 * before its first render (main.tsx), so the page it was opened on shows without a spinner; later screens load on
 * navigation (the router keeps the current screen on while the next one loads).
 */

export const SCREENS = {
  // Built
  // The screens of the pages prerendered at build time (shared/domain/prerendered-pages.ts): the SPA taking over such
  // a page loads its screen before its first render, which then matches the HTML on screen (no spinner between).
  landing: preloadableLazy(() => import('../features/landing/components/landing-page')),
  dashboard: preloadableLazy(() => import('../features/dashboard/components/dashboard-page')),
  login: preloadableLazy(() => import('../features/auth/components/login-page')),
  register: preloadableLazy(() => import('../features/auth/components/register-page')),
  privacy: preloadableLazy(() => import('../features/privacy/components/privacy-page')),
  'account-deleted': preloadableLazy(() => import('../features/privacy/components/account-deleted-page')),
  'not-found': preloadableLazy(() => import('../features/not-found/components/not-found-page')),
  generate: preloadableLazy(() => import('../features/generations/components/generate-list-page')),
  'generate-edit': preloadableLazy(() => import('../features/generations/components/generate-template-page')),
  'generate-style': preloadableLazy(() => import('../features/generations/components/generate-style-page')),
  'try-custom-look': preloadableLazy(() => import('../features/generations/components/try-custom-look-page')),
  outfit: preloadableLazy(() => import('../features/outfit/components/outfit-builder-page')),
  'quick-try': preloadableLazy(() => import('../features/generations/components/quick-try-page')),
  gallery: preloadableLazy(() => import('../features/generations/components/gallery-page')),
  generation: preloadableLazy(() => import('../features/generations/components/generation-detail-page')),
  compare: preloadableLazy(() => import('../features/shares/components/compare-page')),
  'my-shares': preloadableLazy(() => import('../features/shares/components/my-shares-page')),
  'shared-look': preloadableLazy(() => import('../features/shares/components/shared-look-page')),
  // Placeholders (later work)
  onboarding: preloadableLazy(() => import('../features/onboarding/components/onboarding-page')),
  explore: preloadableLazy(() => import('../features/explore/components/explore-page')),
  style: preloadableLazy(() => import('../features/style/components/style-page')),
  photos: preloadableLazy(() => import('../features/photo-profiles/components/photos-redirect-page')),
  profiles: preloadableLazy(() => import('../features/photo-profiles/components/profiles-page')),
  'profile-new': preloadableLazy(() => import('../features/photo-profiles/components/profile-form-page')),
  'profile-edit': preloadableLazy(() => import('../features/photo-profiles/components/profile-form-page')),
  collections: preloadableLazy(() => import('../features/collections/components/collections-page')),
  collection: preloadableLazy(() => import('../features/collections/components/collection-page')),
  pricing: preloadableLazy(() => import('../features/billing/components/pricing-page')),
  subscription: preloadableLazy(() => import('../features/billing/components/subscription-page')),
  account: preloadableLazy(() => import('../features/billing/components/account-page')),
  'influencer-apply': preloadableLazy(() => import('../features/influencer/components/influencer-apply-page')),
  'admin-prompts': preloadableLazy(() => import('../features/admin-tools/components/admin-prompts-page')),
  'admin-styles': preloadableLazy(() => import('../features/style-editor/components/style-editor-page')),
  'admin-raw-templates': preloadableLazy(() => import('../features/admin-tools/components/admin-raw-templates-page')),
  'admin-influencer-applications': preloadableLazy(
    () => import('../features/influencer/components/admin-applications-page'),
  ),
  'admin-finance': preloadableLazy(() => import('../features/finance/components/admin-finance-page')),
  'admin-safety': preloadableLazy(() => import('../features/content-safety/components/admin-safety-page')),
  'admin-users': preloadableLazy(() => import('../features/admin-users/components/admin-users-page')),
  settings: preloadableLazy(() => import('../features/settings/components/settings-page')),
  'influencer-collections': preloadableLazy(() => import('../features/my-collections/components/my-collections-page')),
  'public-profile': preloadableLazy(() => import('../features/public-profile/components/public-profile-page')),
  'forgot-password': preloadableLazy(() => import('../features/auth/components/forgot-password-page')),
  'sign-in-required': preloadableLazy(() => import('../features/auth/components/sign-in-required-page')),
  'influencer-redirect': preloadableLazy(
    () => import('../features/public-profile/components/influencer-redirect-page'),
  ),
  favorites: preloadableLazy(() => import('../features/favorites/components/favorites-page')),
  faq: preloadableLazy(() => import('../features/landing/components/faq-page')),
  terms: preloadableLazy(() => import('../features/legal/components/terms-page')),
  refunds: preloadableLazy(() => import('../features/legal/components/refunds-page')),
  imprint: preloadableLazy(() => import('../features/legal/components/imprint-page')),
} satisfies Record<string, ComponentType>;

export type ScreenId = keyof typeof SCREENS;
