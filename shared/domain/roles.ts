export const ROLES = ['shopper', 'influencer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleCarrier {
  role?: Role | null;
  currentRole?: Role | null;
  permanentRole?: Role | null;
}

/** Effective role: currentRole, falling back to role (spec 01 section 6). */
export const effectiveRole = (u: RoleCarrier | null | undefined): Role => u?.currentRole ?? u?.role ?? 'shopper';

/** Only an account whose permanentRole is admin may switch its active role. */
export const canSwitchRole = (u: RoleCarrier | null | undefined): boolean => u?.permanentRole === 'admin';

export const isAdmin = (u: RoleCarrier | null | undefined): boolean => effectiveRole(u) === 'admin';
export const isCreatorRole = (u: RoleCarrier | null | undefined): boolean =>
  ['admin', 'influencer'].includes(effectiveRole(u));
