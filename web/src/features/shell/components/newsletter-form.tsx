import { useId, useState, type FormEvent } from 'react';
import { NEWSLETTER } from '../../../lib/site-config';
import { Button } from '../../../components/button';
import { Input } from '../../../components/input';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Newsletter sign-up. Deliberately makes NO request: the product has no newsletter endpoint (spec 01
 * section 7 shows none), so a valid-looking address just shows the thank-you message. It stays on plain
 * state, not react-hook-form + zod: the footer is in the entry chunk, and those two would load on every
 * first visit for one field (no other entry-chunk module imports them).
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'invalid' | 'done'>('idle');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setState(LOOKS_LIKE_EMAIL.test(email.trim()) ? 'done' : 'invalid');
  };

  return (
    <div className="flex flex-col gap-3" data-testid="newsletter">
      <h2 className="text-base font-semibold">{NEWSLETTER.title}</h2>
      <p className="text-sm text-muted-foreground">{NEWSLETTER.description}</p>
      {state === 'done' ? (
        <p role="status" className="rounded-lg bg-accent px-3 py-2 text-sm font-medium text-accent-foreground">
          {NEWSLETTER.success}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${id}-email`} className="sr-only">
            Email address
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={NEWSLETTER.placeholder}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (state === 'invalid') setState('idle');
            }}
            aria-invalid={state === 'invalid' || undefined}
            aria-describedby={state === 'invalid' ? `${id}-error` : undefined}
          />
          <Button type="submit" className="shrink-0">
            {NEWSLETTER.button}
          </Button>
        </form>
      )}
      {state === 'invalid' ? (
        <p id={`${id}-error`} className="text-sm text-destructive dark:text-red-400">
          Enter a valid email address.
        </p>
      ) : null}
    </div>
  );
}
