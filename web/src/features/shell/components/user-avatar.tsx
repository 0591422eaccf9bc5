import { Avatar } from 'radix-ui';
import type { CurrentUser } from '@shared/schemas/user';
import { avatarInitial } from '@shared/domain/user-display';
import { useResolvedImageUrl } from '../../../components/app-image';
import { cn } from '../../../lib/cn';

/** Profile image, else the initial of the first name, else of the e-mail, else U. Decorative (named by its button). */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<CurrentUser, 'firstName' | 'email' | 'profileImageUrl'>;
  className?: string;
}) {
  const { url } = useResolvedImageUrl(user.profileImageUrl);
  return (
    <Avatar.Root
      className={cn(
        'inline-flex h-9 w-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground',
        className,
      )}
      aria-hidden="true"
    >
      {url ? <Avatar.Image src={url} alt="" className="h-full w-full object-cover" /> : null}
      <Avatar.Fallback className="text-sm font-semibold" delayMs={url ? 300 : 0} data-testid="avatar-initial">
        {avatarInitial(user)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
