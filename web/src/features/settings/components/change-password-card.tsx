import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { changePassword } from '../../../lib/auth';
import { authErrorMessage, authErrorName, authErrorText } from '../../../lib/auth-errors';
import { PasswordHints } from '../../../components/password-hints';
import { newPasswordSchema } from '../../../lib/password-schema';
import { forgotPasswordPath } from '../../../lib/return-to';

const schema = z
  .object({
    current: z.string().min(1, 'Enter your current password'),
    next: newPasswordSchema,
    confirm: z.string().min(1, 'Repeat the new password'),
  })
  .refine((v) => v.next === v.confirm, { path: ['confirm'], message: 'The passwords do not match' })
  .refine((v) => v.next !== v.current, { path: ['next'], message: 'Choose a password different from the current one' });
type Values = z.infer<typeof schema>;

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/**
 * Cognito answers a wrong previous password with NotAuthorizedException; cognito-local with a bare
 * InvalidPasswordException "Invalid password" (a policy failure names the rule, and the form checks the
 * policy before sending).
 */
function isWrongCurrentPassword(err: unknown): boolean {
  const name = authErrorName(err);
  return (
    name === 'NotAuthorizedException' ||
    (name === 'InvalidPasswordException' && authErrorText(err) === 'Invalid password')
  );
}

/** Settings > Profile: change the password (Cognito ChangePassword with the signed-in session). */
export function ChangePasswordCard() {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { current: '', next: '', confirm: '' } });
  const next = watch('next');

  const onSubmit = async (v: Values) => {
    setError(null);
    try {
      await changePassword(v.current, v.next);
    } catch (err) {
      setError(isWrongCurrentPassword(err) ? WRONG_CURRENT_PASSWORD : authErrorMessage(err));
      return;
    }
    reset();
    toast({ title: 'Password changed', description: 'Use your new password the next time you sign in.' });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Change the password you sign in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          className="flex max-w-md flex-col gap-4"
          aria-label="Change password"
        >
          {error ? (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
              data-testid="change-password-error"
            >
              {error}
            </p>
          ) : null}
          <FormField label="Current password" error={errors.current?.message}>
            <Input type="password" autoComplete="current-password" {...register('current')} />
          </FormField>
          <FormField label="New password" error={errors.next?.message} hint={<PasswordHints password={next} />}>
            <Input type="password" autoComplete="new-password" {...register('next')} />
          </FormField>
          <FormField label="Repeat new password" error={errors.confirm?.message}>
            <Input type="password" autoComplete="new-password" {...register('confirm')} />
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={isSubmitting} data-testid="change-password-submit">
              {isSubmitting ? <SpinnerIcon /> : null}
              Change password
            </Button>
            <Link
              to={forgotPasswordPath('/settings')}
              className="text-sm text-muted-foreground underline-offset-4 hover:underline"
            >
              Forgot your current password?
            </Link>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
