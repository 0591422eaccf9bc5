import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Coins from 'lucide-react/icons/coins';
import LogOut from 'lucide-react/icons/log-out';
import Repeat from 'lucide-react/icons/repeat';
import type { CurrentUser } from '@shared/schemas/user';
import { displayName, effectiveRoleLabel } from '@shared/domain/user-display';
import { creditWord, formatCredits } from '@shared/domain/plans';
import { cn } from '../../../lib/cn';
import { logout } from '../../../api/logout';
import { useSwitchRole } from '../api/use-switch-role';
import { roleSwitchOptions, userMenuSections } from '../user-nav';
import { UserAvatar } from './user-avatar';
import { Tooltip } from '../../../components/tooltip';

const itemBase =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-md py-2 pr-2.5 text-sm outline-none ' +
  'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-60';
const item = `${itemBase} pl-2.5`;

/** The signed-in user's menu (Radix DropdownMenu): identity, credits, links by role, Switch Role, Logout. */
export default function UserMenu({ user }: { user: CurrentUser }) {
  const qc = useQueryClient();
  const switchRole = useSwitchRole();
  const sections = userMenuSections(user);
  const roles = roleSwitchOptions(user);
  const name = displayName(user);

  return (
    <DropdownMenu.Root modal={false}>
      <Tooltip content="Account menu">
        <DropdownMenu.Trigger
          className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-muted"
          aria-label={`Account menu for ${name}`}
          data-testid="user-menu-trigger"
        >
          <UserAvatar user={user} />
          <ChevronDown className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-xl"
          data-testid="user-menu"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2.5 py-2">
            <UserAvatar user={user} className="h-10 w-10" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold" data-testid="user-display-name">
                {name}
              </p>
              <p className="truncate text-xs text-muted-foreground" data-testid="user-handle-role">
                @{user.handle} · {effectiveRoleLabel(user)}
              </p>
            </div>
          </DropdownMenu.Label>
          <div className="mx-2.5 mb-1 flex items-center gap-2 rounded-lg bg-accent px-2.5 py-2 text-sm text-accent-foreground">
            <Coins className="h-4 w-4" aria-hidden="true" />
            <span>
              <span className="font-semibold" data-testid="credit-count">
                {formatCredits(user.credits, user.hasUnlimitedCredits)}
              </span>{' '}
              {creditWord(user.credits, user.hasUnlimitedCredits)}
            </span>
          </div>
          {sections.map((section) => (
            <DropdownMenu.Group key={section.id}>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              {section.label ? (
                <DropdownMenu.Label className="px-2.5 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {section.label}
                </DropdownMenu.Label>
              ) : null}
              {section.items.map((it) => (
                <DropdownMenu.Item key={it.href} asChild className={item}>
                  <Link to={it.href}>{it.label}</Link>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
          {roles.length > 0 ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger
                  className={cn(item, 'data-[state=open]:bg-muted')}
                  data-testid="switch-role-trigger"
                >
                  <Repeat className="h-4 w-4" aria-hidden="true" />
                  Switch Role
                  <ChevronRight className="ml-auto h-4 w-4" aria-hidden="true" />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent
                    sideOffset={4}
                    collisionPadding={8}
                    className="z-50 w-44 rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-xl"
                  >
                    <DropdownMenu.RadioGroup value={roles.find((r) => r.current)?.role}>
                      {roles.map((r) => (
                        <DropdownMenu.RadioItem
                          key={r.role}
                          value={r.role}
                          disabled={r.current || switchRole.isPending}
                          className={`${itemBase} pl-8`}
                          data-testid={`switch-role-${r.role}`}
                          onSelect={() => switchRole.mutate(r.role)}
                        >
                          <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex">
                            <Check className="h-4 w-4" aria-hidden="true" />
                          </DropdownMenu.ItemIndicator>
                          {r.label}
                        </DropdownMenu.RadioItem>
                      ))}
                    </DropdownMenu.RadioGroup>
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            </>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={item} data-testid="logout-item" onSelect={() => void logout(qc)}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
