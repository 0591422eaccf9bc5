import { useState } from 'react';
import { LocalCodeNote } from './local-code-note';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmPasswordReset, requestPasswordReset } from '../../../lib/auth';
import { authErrorMessage, authErrorName } from '../../../lib/auth-errors';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { useRuntimeConfig } from '../api/use-runtime-config';
import { safeReturnTo, signInPath } from '../../../lib/return-to';
import { AuthCard, FormError } from './auth-card';
import { PasswordHints } from '../../../components/password-hints';
import { newPasswordSchema } from '../../../lib/password-schema';

const emailSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').email('Enter a valid email address'),
});
const resetSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the code from the email')
    .regex(/^\d{6}$/, 'The code is 6 digits'),
  password: newPasswordSchema,
});

export const RESET_DONE_NOTICE = 'Your password has been reset. Sign in with your new password.';

/**
 * /auth/forgot-password: Cognito ForgotPassword (a code by e-mail; locally the fixed code is shown on the
 * page, as for sign-up), then ConfirmForgotPassword with the code and a new password, then sign-in.
 * Whether an account exists is not revealed: an unknown address gets the same second step.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const [email, setEmail] = useState<string | null>(null);
  return email ? (
    <ResetStep email={email} returnTo={returnTo} onRestart={() => setEmail(null)} />
  ) : (
    <EmailStep initial={params.get('email') ?? ''} returnTo={returnTo} onSent={setEmail} />
  );
}

function EmailStep({
  initial,
  returnTo,
  onSent,
}: {
  initial: string;
  returnTo: string | null;
  onSent: (email: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), defaultValues: { email: initial } });

  const onSubmit = async ({ email }: z.infer<typeof emailSchema>) => {
    setError(null);
    try {
      await requestPasswordReset(email);
    } catch (err) {
      const name = authErrorName(err);
      // Do not tell whether the account exists.
      if (name !== 'UserNotFoundException') {
        setError(authErrorMessage(err));
        return;
      }
    }
    onSent(email.trim());
  };

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address of your account and we will send you a code to set a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to={signInPath(returnTo)} className="font-semibold text-brand underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </>
      }
    >
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Reset your password"
      >
        <FormError message={error} />
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" autoFocus {...register('email')} />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? <SpinnerIcon /> : null}
          Send code
        </Button>
      </form>
    </AuthCard>
  );
}

function ResetStep({ email, returnTo, onRestart }: { email: string; returnTo: string | null; onRestart: () => void }) {
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const localCode = config.data?.auth.localConfirmationCode;
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
    defaultValues: { code: '', password: '' },
  });
  const password = watch('password');

  const onSubmit = async ({ code, password: next }: z.infer<typeof resetSchema>) => {
    setError(null);
    try {
      await confirmPasswordReset(email, code, next);
    } catch (err) {
      const name = authErrorName(err);
      // An unknown address reads like a wrong code (no account enumeration).
      setError(
        name === 'UserNotFoundException'
          ? authErrorMessage({ name: 'CodeMismatchException' })
          : authErrorMessage(err, 'confirm'),
      );
      return;
    }
    void navigate(signInPath(returnTo), { replace: true, state: { notice: RESET_DONE_NOTICE } });
  };

  return (
    <AuthCard
      title="Set a new password"
      description={
        <>
          If <strong className="break-all text-foreground">{email}</strong> has an account, we sent it a 6-digit code.
          Enter it with your new password.
        </>
      }
    >
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Set a new password"
      >
        <LocalCodeNote code={localCode} what="reset code" />
        <FormError message={error} />
        <FormField label="Reset code" error={errors.code?.message}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus {...register('code')} />
        </FormField>
        <FormField label="New password" error={errors.password?.message} hint={<PasswordHints password={password} />}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? <SpinnerIcon /> : null}
          Reset password
        </Button>
        <Button type="button" variant="ghost" onClick={onRestart}>
          Use another email or send a new code
        </Button>
      </form>
    </AuthCard>
  );
}
