import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { signIn } from '../../../lib/auth';
import { authErrorMessage } from '../../../lib/auth-errors';
import { AFTER_SIGN_IN_PATH } from '../../../lib/site-config';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { useCurrentUser } from '../../../api/current-user';
import { refreshCurrentUser, safeReturnTo } from '../api/session';
import { forgotPasswordPath, registerPath } from '../../../lib/return-to';
import { clearSessionExpiredNotice, peekSessionExpiredNotice } from '../../../lib/session-expiry';
import { AuthCard, FormError } from './auth-card';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').email('Enter a valid email address'),
  password: z.string().min(1, 'Enter your password'),
});
type LoginValues = z.infer<typeof loginSchema>;

/** /auth/login: e-mail and password (Cognito USER_PASSWORD_AUTH). */
export default function LoginPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { isAuthenticated } = useCurrentUser();
  const [error, setError] = useState<string | null>(null);
  const [expiredNotice] = useState(peekSessionExpiredNotice);
  useEffect(() => {
    if (expiredNotice) clearSessionExpiredNotice();
  }, [expiredNotice]);
  const notice = (location.state as { notice?: string } | null)?.notice ?? expiredNotice;
  const returnTo = safeReturnTo(params.get('returnTo'));
  const target = returnTo ?? AFTER_SIGN_IN_PATH;

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = async ({ email, password }: LoginValues) => {
    setError(null);
    try {
      const res = await signIn(email, password);
      if (res.status === 'confirm-sign-up') {
        void navigate(registerPath(returnTo), { state: { confirmEmail: email, password } });
        return;
      }
      const user = await refreshCurrentUser(qc);
      if (!user) {
        setError('You are signed in, but your account could not be loaded. Please try again.');
        return;
      }
      void navigate(target, { replace: true });
    } catch (err) {
      setError(authErrorMessage(err, 'sign-in'));
    }
  };

  if (isAuthenticated && !isSubmitting) return <Navigate to={target} replace />;

  return (
    <AuthCard
      title="Sign in"
      documentTitle="Sign in"
      description="Welcome back. Sign in to see yourself in every style."
      footer={
        <>
          New here?{' '}
          <Link to={registerPath(returnTo)} className="font-semibold text-brand underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Sign in">
        {notice ? (
          <p role="status" className="rounded-lg bg-accent px-3 py-2 text-sm text-accent-foreground">
            {notice}
          </p>
        ) : null}
        <FormError message={error} />
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" autoFocus {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <Link
          to={forgotPasswordPath(returnTo)}
          className="-mt-2 self-end text-sm font-medium text-brand underline-offset-4 hover:underline"
          data-testid="forgot-password-link"
        >
          Forgot password?
        </Link>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? <SpinnerIcon /> : null}
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
