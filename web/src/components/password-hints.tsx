import Check from 'lucide-react/icons/check';
import Circle from 'lucide-react/icons/circle';
import { cn } from '../lib/cn';
import { PASSWORD_RULES } from '../lib/password-rules';

/** The password policy as a checklist that ticks while the person types. */
export function PasswordHints({ password }: { password: string }) {
  return (
    <ul className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
      {PASSWORD_RULES.map((r) => {
        const ok = r.test(password);
        return (
          <li
            key={r.id}
            className={cn(
              'flex items-center gap-1.5',
              ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
            )}
          >
            {ok ? (
              <Check className="h-3.5 w-3.5" aria-hidden="true" />
            ) : (
              <Circle className="h-3 w-3" aria-hidden="true" />
            )}
            <span>
              {r.label}
              <span className="sr-only">{ok ? ' (met)' : ' (not met yet)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
