import { formatCredits } from '../../../shared/domain/plans';
import { useCurrentUser } from '../api/current-user';

/** "You have N credits remaining". */
export function CreditsLine() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="credits-remaining">
      You have{' '}
      <span className="font-semibold text-foreground">{formatCredits(user.credits, user.hasUnlimitedCredits)}</span>{' '}
      credits remaining
    </p>
  );
}
