import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { CurrentUser } from '@shared/schemas/user';
import { avatarInitial } from '@shared/domain/user-display';
import { buttonClasses } from '../../../components/button';
import type { AuthStatus } from '../../../api/current-user';
import { loginUrlFrom, REGISTER_PATH, primaryNav } from '../nav-config';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavEntry } from './nav-link';
import { ThemeToggle } from './theme-toggle';

// The dropdown (Radix menu + positioning) is only needed once signed in: keep it out of the landing chunk.
const UserMenu = lazy(() => import('./user-menu'));

function UserMenuFallback({ user }: { user: CurrentUser }) {
  return (
    <button
      type="button"
      disabled
      aria-label="Account menu"
      data-testid="user-menu-trigger"
      className="flex items-center gap-1 rounded-full p-0.5 pr-1.5"
    >
      <span
        className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
        aria-hidden="true"
      >
        {avatarInitial(user)}
      </span>
      <ChevronDown className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The sticky top bar: logo, navigation, theme toggle, and the user menu or the login entries. */
export function TopBar({ user, status, isHome }: { user: CurrentUser | null; status: AuthStatus; isHome: boolean }) {
  const loggedIn = status === 'logged-in' && !!user;
  const location = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {primaryNav(loggedIn).map((it) => (
            <NavEntry key={it.href} item={it} className={navLink} />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {status === 'logged-out' ? (
            <>
              {isHome ? (
                <Link
                  to={REGISTER_PATH}
                  className={buttonClasses({ size: 'sm', display: 'hidden sm:inline-flex' })}
                  data-testid="nav-try-free"
                >
                  Try it free
                </Link>
              ) : null}
              <a
                href={loginUrlFrom(`${location.pathname}${location.search}`)}
                className={buttonClasses({ variant: 'outline', size: 'sm', display: 'hidden md:inline-flex' })}
                data-testid="nav-login"
              >
                Login
              </a>
            </>
          ) : null}
          <ThemeToggle />
          {loggedIn ? (
            <Suspense fallback={<UserMenuFallback user={user} />}>
              <UserMenu user={user} />
            </Suspense>
          ) : null}
          <MobileMenu user={loggedIn ? user : null} isHome={isHome} />
        </div>
      </div>
    </header>
  );
}
