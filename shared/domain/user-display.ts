/**
 * How a user is named and shown (spec 01 section 2): pure rules shared by the web shell and any function
 * that renders a user (public profiles, e-mails).
 */
import { effectiveRole, type Role, type RoleCarrier } from './roles';

export interface DisplayUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const clean = (s: string | null | undefined): string => (s ?? '').trim();

/** First and last name joined, or "" when neither is set. */
export const fullName = (u: DisplayUser | null | undefined): string =>
  [clean(u?.firstName), clean(u?.lastName)].filter(Boolean).join(' ');

/** Full name, else e-mail, else "User". */
export const displayName = (u: DisplayUser | null | undefined): string => fullName(u) || clean(u?.email) || 'User';

/** Dashboard greeting target: full name, else e-mail, else "there". */
export const greetingName = (u: DisplayUser | null | undefined): string => fullName(u) || clean(u?.email) || 'there';

/** Avatar letter: initial of the first name, else of the e-mail, else "U". */
export const avatarInitial = (u: DisplayUser | null | undefined): string =>
  (clean(u?.firstName)[0] ?? clean(u?.email)[0] ?? 'U').toUpperCase();

export const ROLE_LABELS: Record<Role, string> = { shopper: 'Shopper', influencer: 'Influencer', admin: 'Admin' };

export const roleLabel = (role: Role): string => ROLE_LABELS[role] ?? role;

/** The effective role (currentRole, falling back to role) as shown next to the handle. */
export const effectiveRoleLabel = (u: RoleCarrier | null | undefined): string => roleLabel(effectiveRole(u));
