import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { Dialog as RadixDialog } from 'radix-ui';
import LogOut from 'lucide-react/icons/log-out';
import type { CurrentUser } from '@shared/schemas/user';
import { displayName, effectiveRoleLabel } from '@shared/domain/user-display';
import { creditWord, formatCredits } from '@shared/domain/plans';
import { PRODUCT_NAME } from '../../../lib/site-config';
import { buttonClasses } from '../../../components/button';
import { SheetContent } from '../../../components/dialog';
import { logout } from '../../../api/logout';
import { useSwitchRole } from '../api/use-switch-role';
import { loginUrlFrom, REGISTER_PATH, primaryNav } from '../nav-config';
import { roleSwitchOptions, userMenuSections } from '../user-nav';
import { NavEntry } from './nav-link';
import { UserAvatar } from './user-avatar';

const entry =
  'flex w-full items-center rounded-lg px-3 py-2.5 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: CurrentUser | null;
  isHome: boolean;
  onCloseAutoFocus: (e: Event) => void;
}

/** The mobile side menu (Radix Dialog as a sheet): the same navigation as the top bar and user menu. */
export default function MobileMenuSheet({ open, onOpenChange, user, isHome, onCloseAutoFocus }: Props) {
  const location = useLocation();
  const qc = useQueryClient();
  const switchRole = useSwitchRole();
  const close = () => onOpenChange(false);
  const roles = user ? roleSwitchOptions(user) : [];

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title={`${PRODUCT_NAME} menu`}
        hideTitle
        className="pt-14"
        side="right"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div data-testid="mobile-menu" className="flex flex-col gap-4">
          {user ? (
            <div className="flex items-center gap-3 rounded-xl bg-muted p-3">
              <UserAvatar user={user} />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{displayName(user)}</p>
                <p className="truncate text-xs text-muted-foreground">
                  @{user.handle} · {effectiveRoleLabel(user)}
                </p>
                <p className="text-xs text-muted-foreground">
                  <span className="font-semibold text-foreground">
                    {formatCredits(user.credits, user.hasUnlimitedCredits)}
                  </span>{' '}
                  {creditWord(user.credits, user.hasUnlimitedCredits)}
                </p>
              </div>
            </div>
          ) : null}
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {primaryNav(!!user).map((it) => (
              <NavEntry key={it.href} item={it} className={entry} onNavigate={close} />
            ))}
            {user
              ? userMenuSections(user).map((section) => (
                  <div key={section.id} className="mt-2 flex flex-col gap-1 border-t border-border pt-2">
                    {section.label ? (
                      <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                        {section.label}
                      </p>
                    ) : null}
                    {section.items.map((it) => (
                      <NavEntry key={it.href} item={it} className={entry} onNavigate={close} />
                    ))}
                  </div>
                ))
              : null}
          </nav>
          {roles.length > 0 ? (
            <fieldset className="flex flex-col gap-1 border-t border-border pt-3">
              <legend className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                Switch Role
              </legend>
              {roles.map((r) => (
                <button
                  key={r.role}
                  type="button"
                  className={`${entry} justify-between disabled:opacity-60`}
                  disabled={r.current || switchRole.isPending}
                  aria-pressed={r.current}
                  onClick={() => switchRole.mutate(r.role)}
                >
                  {r.label}
                  {r.current ? <span className="text-xs text-muted-foreground">current</span> : null}
                </button>
              ))}
            </fieldset>
          ) : null}
          <div className="mt-auto flex flex-col gap-2 border-t border-border pt-4">
            {user ? (
              <button type="button" className={buttonClasses({ variant: 'outline' })} onClick={() => void logout(qc)}>
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Logout
              </button>
            ) : (
              <>
                <a
                  href={loginUrlFrom(`${location.pathname}${location.search}`)}
                  className={buttonClasses({ variant: 'outline' })}
                  data-testid="mobile-login"
                >
                  Login
                </a>
                {isHome ? (
                  <Link to={REGISTER_PATH} className={buttonClasses()} onClick={close}>
                    Try it free
                  </Link>
                ) : null}
              </>
            )}
          </div>
        </div>
      </SheetContent>
    </RadixDialog.Root>
  );
}
