import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { NEWSLETTER } from '../../../lib/site-config';
import { Button } from '../../../components/button';
import { Input } from '../../../components/input';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const newsletterSchema = z.object({
  email: z.string().trim().regex(LOOKS_LIKE_EMAIL, 'Enter a valid email address.'),
});
type NewsletterValues = z.input<typeof newsletterSchema>;

/**
 * Newsletter sign-up. Deliberately makes NO request: the product has no newsletter endpoint (spec 01
 * section 7 shows none), so a valid-looking address just shows the thank-you message. The error shows after
 * a submit and goes away as soon as the address is edited.
 */
export function NewsletterForm() {
  const id = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitSuccessful },
  } = useForm<NewsletterValues>({
    resolver: zodResolver(newsletterSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = errors.email?.message;

  const onSubmit = handleSubmit(() => {
    /* nothing is sent: isSubmitSuccessful shows the thank-you */
  });

  return (
    <div className="flex flex-col gap-3" data-testid="newsletter">
      <h2 className="text-base font-semibold">{NEWSLETTER.title}</h2>
      <p className="text-sm text-muted-foreground">{NEWSLETTER.description}</p>
      {isSubmitSuccessful ? (
        <p role="status" className="rounded-lg bg-accent px-3 py-2 text-sm font-medium text-accent-foreground">
          {NEWSLETTER.success}
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${id}-email`} className="sr-only">
            Email address
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder={NEWSLETTER.placeholder}
            {...register('email', { onChange: () => error && clearErrors('email') })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <Button type="submit" className="shrink-0">
            {NEWSLETTER.button}
          </Button>
        </form>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
