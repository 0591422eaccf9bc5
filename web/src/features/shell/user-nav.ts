/** The signed-in user's navigation (user menu and mobile menu), by effective role (spec 01 section 2). */
import {
  canSwitchRole,
  effectiveRole,
  isAdmin,
  isCreatorRole,
  type Role,
  type RoleCarrier,
} from '@shared/domain/roles';
import { roleLabel } from '@shared/domain/user-display';
import type { NavItem } from './nav-config';

export interface NavSection {
  id: 'account' | 'creator' | 'admin';
  /** Visible group label (the Admin section). */
  label?: string;
  items: NavItem[];
}

/** The user menu's link sections for a signed-in user (by effective role). */
export function userMenuSections(user: RoleCarrier): NavSection[] {
  const sections: NavSection[] = [
    {
      id: 'account',
      items: [
        { label: 'Photo Profiles', href: '/profiles' },
        { label: 'Try Custom Look', href: '/try-custom-look' },
        { label: 'Gallery', href: '/gallery' },
        { label: 'Favorites', href: '/favorites' },
        { label: 'Settings', href: '/settings' },
        { label: 'Subscription', href: '/subscription' },
      ],
    },
  ];
  const admin = isAdmin(user);
  if (isCreatorRole(user)) {
    sections.push({
      id: 'creator',
      items: [
        { label: 'My Collections', href: '/influencer/collections' },
        // An admin finds Style Creator in the Admin section instead (one entry per destination).
        ...(admin ? [] : [{ label: 'Style Creator', href: '/admin/styles' }]),
      ],
    });
  }
  if (admin) {
    sections.push({
      id: 'admin',
      label: 'Admin',
      items: [
        { label: 'Prompt Templates', href: '/admin/prompts' },
        { label: 'Style Creator', href: '/admin/styles' },
        { label: 'Raw Templates', href: '/admin/raw-templates' },
        { label: 'Influencer Applications', href: '/admin/influencer/applications' },
        { label: 'Finance', href: '/admin/finance' },
        { label: 'Content Safety', href: '/admin/safety' },
        { label: 'Users', href: '/admin/users' },
      ],
    });
  }
  return sections;
}

export const SWITCHABLE_ROLES: readonly Role[] = ['admin', 'shopper', 'influencer'];

export interface RoleOption {
  role: Role;
  label: string;
  /** The effective role: ticked and disabled. */
  current: boolean;
}

/** The Switch Role entries; empty unless permanentRole is admin. */
export function roleSwitchOptions(user: RoleCarrier): RoleOption[] {
  if (!canSwitchRole(user)) return [];
  const current = effectiveRole(user);
  return SWITCHABLE_ROLES.map((role) => ({ role, label: roleLabel(role), current: role === current }));
}
