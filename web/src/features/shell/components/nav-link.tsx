import { NavLink as RouterNavLink, Link } from 'react-router-dom';
import { cn } from '../../../lib/cn';
import type { NavItem } from '../nav-config';

/** One navigation entry: SPA links via the router, `document` items as plain anchors (full navigation). */
export function NavEntry({
  item,
  className,
  onNavigate,
}: {
  item: NavItem;
  className?: string;
  onNavigate?: () => void;
}) {
  if (item.document) {
    return (
      <a href={item.href} className={className} onClick={onNavigate}>
        {item.label}
      </a>
    );
  }
  if (item.href.includes('#')) {
    return (
      <Link to={item.href} className={className} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  return (
    <RouterNavLink
      to={item.href}
      end
      onClick={onNavigate}
      className={({ isActive }) => cn(className, isActive && 'text-foreground font-semibold')}
    >
      {item.label}
    </RouterNavLink>
  );
}
