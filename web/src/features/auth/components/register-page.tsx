import { STARTER_GRANT_LABEL } from '@shared/domain/plans';
import { useEffect, useState } from 'react';
import { LocalCodeNote } from './local-code-note';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { confirmSignUp, resendCode, signIn, signUp } from '../../../lib/auth';
import { authErrorMessage } from '../../../lib/auth-errors';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { useCurrentUser } from '../../../api/current-user';
import { refreshCurrentUser } from '../api/session';
import { useRuntimeConfig } from '../api/use-runtime-config';
import { afterSignUpPath } from '../../../lib/onboarding-gate';
import { safeReturnTo, signInPath } from '../../../lib/return-to';
import { AuthCard, FormError } from './auth-card';
import { PasswordHints } from '../../../components/password-hints';
import { PASSWORD_RULES } from '../../../lib/password-rules';
import { MIN_PHOTO_PROFILE_AGE, PRIVACY_MESSAGES, ageOn } from '@shared/domain/privacy';
import { recordBirthDate } from '../../../api/privacy';

/** After the first sign-in: store the age statement (adult or minor; the date itself is not kept). */
async function sendBirthDate(birthDate: string | undefined) {
  if (!birthDate) return;
  // Not fatal: the photo profile form asks again if it did not reach the server.
  await recordBirthDate(birthDate).catch(() => undefined);
}

const registerSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name').max(60, 'Use at most 60 characters'),
  lastName: z.string().trim().min(1, 'Enter your last name').max(60, 'Use at most 60 characters'),
  email: z.string().trim().min(1, 'Enter your email address').email('Enter a valid email address'),
  password: z
    .string()
    .min(8, 'Use at least 8 characters')
    .refine(PASSWORD_RULES[1].test, 'Add an uppercase letter')
    .refine(PASSWORD_RULES[2].test, 'Add a lowercase letter')
    .refine(PASSWORD_RULES[3].test, 'Add a number'),
  birthDate: z
    .string()
    .min(1, 'Enter your date of birth')
    .refine((v) => ageOn(v) !== null, PRIVACY_MESSAGES.birthDateInvalid),
});
type RegisterValues = z.infer<typeof registerSchema>;

const confirmSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the code from the email')
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});
type ConfirmValues = z.infer<typeof confirmSchema>;

interface Pending {
  email: string;
  /** Kept in memory only, to sign in automatically once the e-mail is confirmed. */
  password?: string;
  /** Kept in memory only, sent once signed in. */
  birthDate?: string;
}

/**
 * A sign-up being finished: signed in, going on to onboarding (or the path it came from). Kept outside the page's
 * state: the moment the session exists, the routes remount inside the signed-in providers (app-layout.tsx), and the
 * page, mounted again, must not take the new account for a visitor who was already signed in (sent to the
 * dashboard), which raced the sign-up's own way on to onboarding.
 */
let finishingSignUp = false;
const startFinishing = () => {
  finishingSignUp = true;
};
const endFinishing = () => {
  finishingSignUp = false;
};

/** /auth/register: create the account, then confirm the e-mailed code, then sign in automatically. */
export default function RegisterPage() {
  const location = useLocation();
  const { isAuthenticated } = useCurrentUser();
  const fromLogin = location.state as { confirmEmail?: string; password?: string } | null;
  const [pending, setPending] = useState<Pending | null>(
    fromLogin?.confirmEmail ? { email: fromLogin.confirmEmail, password: fromLogin.password } : null,
  );
  const [finishing, setFinishing] = useState(() => finishingSignUp);
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));

  // signed in on this page: a sign-up's finishing ends when the page is left (for the sign-up's way on, which React
  // commits after the sign-in's own render, the page mounted again must still see it)
  useEffect(() => (isAuthenticated ? endFinishing : undefined), [isAuthenticated]);
  const onFinishing = () => {
    startFinishing();
    setFinishing(true);
  };
  // Already signed in (not a fresh sign-up): go on to where they were going.
  if (isAuthenticated && !finishing) return <Navigate to={returnTo ?? '/dashboard'} replace />;
  // mounted again while its sign-up goes on (the step's own state went with the old tree)
  if (isAuthenticated && !pending) return <PageSpinner label="Signing you in" />;
  if (pending) return <ConfirmStep pending={pending} returnTo={returnTo} onFinishing={onFinishing} />;
  return <DetailsStep onRegistered={setPending} returnTo={returnTo} onFinishing={onFinishing} />;
}

function DetailsStep({
  onRegistered,
  onFinishing,
  returnTo,
}: {
  onRegistered: (p: Pending) => void;
  onFinishing: () => void;
  returnTo: string | null;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', birthDate: '' },
  });
  const password = watch('password');

  const onSubmit = async (values: RegisterValues) => {
    setError(null);
    try {
      const { birthDate: _birthDate, ...account } = values;
      void _birthDate; // stays in this app: never sent to the identity provider
      const { needsConfirmation } = await signUp(account);
      if (needsConfirmation) {
        onRegistered({ email: values.email.trim(), password: values.password, birthDate: values.birthDate });
        return;
      }
      onFinishing();
      await signIn(values.email, values.password);
      await sendBirthDate(values.birthDate);
      await refreshCurrentUser(qc);
      void navigate(afterSignUpPath(returnTo), { replace: true });
    } catch (err) {
      endFinishing();
      setError(authErrorMessage(err));
    }
  };

  return (
    <AuthCard
      title="Create your account"
      description={`Upload your photos once, then try on any look. ${STARTER_GRANT_LABEL} when you confirm your e-mail, no card needed.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to={signInPath(returnTo)} className="font-semibold text-brand underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Create your account"
      >
        <FormError message={error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </div>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={<PasswordHints password={password} />}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField
          label="Date of birth"
          error={errors.birthDate?.message}
          hint={`Photo profiles are for people ${MIN_PHOTO_PROFILE_AGE} and over. We keep only whether you are ${MIN_PHOTO_PROFILE_AGE} or over, not the date.`}
        >
          <Input
            type="date"
            autoComplete="bday"
            max={new Date().toISOString().slice(0, 10)}
            {...register('birthDate')}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? <SpinnerIcon /> : null}
          Create account
        </Button>
        <p className="text-xs text-muted-foreground">
          By creating an account you agree to how we handle your photos, described in our{' '}
          <Link to="/privacy" className="underline underline-offset-2">
            privacy summary
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}

function ConfirmStep({
  pending,
  onFinishing,
  returnTo,
}: {
  pending: Pending;
  onFinishing: () => void;
  returnTo: string | null;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const localCode = config.data?.auth.localConfirmationCode;
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmValues>({ resolver: zodResolver(confirmSchema), defaultValues: { code: '' } });

  const onSubmit = async ({ code }: ConfirmValues) => {
    setError(null);
    try {
      await confirmSignUp(pending.email, code);
    } catch (err) {
      setError(authErrorMessage(err, 'confirm'));
      return;
    }
    if (!pending.password) {
      void navigate(signInPath(returnTo), {
        replace: true,
        state: { notice: 'Your email is confirmed. Sign in to continue.' },
      });
      return;
    }
    try {
      onFinishing();
      await signIn(pending.email, pending.password);
      await sendBirthDate(pending.birthDate);
      await refreshCurrentUser(qc);
      void navigate(afterSignUpPath(returnTo), { replace: true });
    } catch (err) {
      endFinishing();
      void navigate(signInPath(returnTo), {
        replace: true,
        state: { notice: `Your email is confirmed. ${authErrorMessage(err, 'sign-in')}` },
      });
    }
  };

  const onResend = async () => {
    setError(null);
    setResent('sending');
    try {
      await resendCode(pending.email);
      setResent('sent');
    } catch (err) {
      setResent('idle');
      setError(authErrorMessage(err));
    }
  };

  return (
    <AuthCard
      title="Confirm your email"
      description={
        <>
          We sent a 6-digit code to <strong className="break-all text-foreground">{pending.email}</strong>. Enter it
          below to activate your account.
        </>
      }
    >
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Confirm your email"
      >
        <LocalCodeNote code={localCode} what="confirmation code" />
        <FormError message={error} />
        {resent === 'sent' ? (
          <p role="status" className="text-sm text-muted-foreground">
            A new code is on its way.
          </p>
        ) : null}
        <FormField label="Confirmation code" error={errors.code?.message}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus {...register('code')} />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? <SpinnerIcon /> : null}
          Confirm
        </Button>
        <Button type="button" variant="ghost" onClick={() => void onResend()} disabled={resent === 'sending'}>
          Resend code
        </Button>
      </form>
    </AuthCard>
  );
}
