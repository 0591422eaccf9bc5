import { creditWord, formatCredits } from '@shared/domain/plans';
import { useCurrentUser } from '../api/current-user';

/** "You have N credits remaining" ("1 credit" for one). */
export function CreditsLine() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="credits-remaining">
      You have{' '}
      <span className="font-semibold text-foreground">{formatCredits(user.credits, user.hasUnlimitedCredits)}</span>{' '}
      {creditWord(user.credits, user.hasUnlimitedCredits)} remaining
    </p>
  );
}
