import { ACCEPTED_IMAGE_TYPES_LABEL } from '@shared/schemas/upload';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { Avatar, Switch } from 'radix-ui';
import UserRound from 'lucide-react/icons/user-round';
import type { CurrentUser } from '@shared/schemas/user';
import {
  HANDLE_TAKEN,
  normalizeHandle,
  PUBLIC_PROFILE_INFLUENCERS_ONLY,
  SHOW_COLLECTIONS_INFLUENCERS_ONLY,
} from '@shared/domain/profile-rules';
import type { ProfilePatchInput } from '@shared/schemas/discovery';
import { avatarInitial } from '@shared/domain/user-display';
import { useResolvedImageUrl } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { ImageUpload, type UploadState } from '../../../components/image-upload/image-upload';
import { useRefreshUserAfterAvatar, useUpdateProfile } from '../api/settings';
import { handleProblem } from '../lib/settings-rules';
import { ChangePasswordCard } from './change-password-card';

const nameField = z.string().trim().max(50, 'Names can be at most 50 characters');
const profileFormSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  handle: z.string().superRefine((v, ctx) => {
    const problem = handleProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  isPublic: z.boolean(),
  showCollections: z.boolean(),
});
type ProfileFormValues = z.infer<typeof profileFormSchema>;

const valuesOf = (u: CurrentUser): ProfileFormValues => ({
  firstName: u.firstName ?? '',
  lastName: u.lastName ?? '',
  handle: u.handle,
  isPublic: u.isPublic,
  showCollections: u.showCollections,
});

/** Profile tab (spec 02 section 2): names, handle, visibility switches (influencers), avatar upload. */
export function ProfileTab({ user }: { user: CurrentUser }) {
  return (
    <div className="flex flex-col gap-6">
      <AvatarCard user={user} />
      <ProfileForm user={user} />
      <ChangePasswordCard />
    </div>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: valuesOf(user),
    mode: 'onChange',
  });

  // Another tab or the server changed the user: start from the fresh values (unless the form is being edited).
  useEffect(() => {
    if (!isDirty) reset(valuesOf(user));
  }, [user, isDirty, reset]);

  const handle = watch('handle');
  const isPublic = watch('isPublic');
  const showCollections = watch('showCollections');
  const normalized = normalizeHandle(handle ?? '');

  const onSubmit = (v: ProfileFormValues) => {
    const patch: ProfilePatchInput = {
      firstName: v.firstName,
      lastName: v.lastName,
      handle: normalizeHandle(v.handle),
    };
    if (v.isPublic !== user.isPublic) patch.isPublic = v.isPublic;
    if (v.showCollections !== user.showCollections) patch.showCollections = v.showCollections;
    update.mutate(patch, {
      onSuccess: (fresh) => {
        reset(valuesOf(fresh));
        toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
      },
      onError: (err) => {
        if (isApiError(err) && err.status === 409) setError('handle', { message: err.serverMessage ?? HANDLE_TAKEN });
        toast({
          variant: 'destructive',
          title: 'Failed to update profile',
          description: errorMessage(err, 'Please try again.'),
        });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How you appear in the app and on your public profile.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-5" aria-label="Profile">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...register('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...register('lastName')} />
            </FormField>
          </div>
          <FormField
            label="Handle"
            error={errors.handle?.message}
            hint={
              errors.handle ? undefined : (
                <>
                  3-30 characters: lowercase letters, digits and underscores. Your public page: /profile/
                  {normalized || 'your_handle'}
                </>
              )
            }
          >
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              data-testid="settings-handle"
              {...register('handle')}
            />
          </FormField>

          <div className="flex flex-col gap-4 rounded-xl border border-border p-4">
            <SwitchRow
              label="Public profile"
              description={
                user.isInfluencer
                  ? 'Anyone can see your profile page, links and collections.'
                  : PUBLIC_PROFILE_INFLUENCERS_ONLY
              }
              checked={isPublic}
              disabled={!user.isInfluencer && !user.isPublic}
              onChange={(v) => setValue('isPublic', v, { shouldDirty: true })}
              testId="switch-public"
            />
            <SwitchRow
              label="Show collections on my profile"
              description={
                user.isInfluencer
                  ? 'List your published collections on your public profile.'
                  : SHOW_COLLECTIONS_INFLUENCERS_ONLY
              }
              checked={showCollections}
              disabled={!user.isInfluencer && !user.showCollections}
              onChange={(v) => setValue('showCollections', v, { shouldDirty: true })}
              testId="switch-collections"
            />
            {!user.isInfluencer ? (
              <p className="text-sm">
                <Link to="/influencer/apply" className={buttonClasses({ variant: 'link' })}>
                  Apply to become an influencer
                </Link>{' '}
                <span className="text-muted-foreground">to unlock a public profile, links and collections.</span>
              </p>
            ) : user.isPublic ? (
              <p className="text-sm">
                <Link to={`/profile/${user.handle}`} className={buttonClasses({ variant: 'link' })}>
                  View my public profile
                </Link>
              </p>
            ) : null}
          </div>

          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending || !isDirty} data-testid="settings-save-profile">
              {update.isPending ? <SpinnerIcon /> : null}
              {update.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SwitchRow({
  label,
  description,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className={cn('text-sm font-medium', disabled && 'text-muted-foreground')}>
          {label}
        </label>
        <p id={`${id}-desc`} className="mt-0.5 text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-desc`}
        data-testid={testId}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
    </div>
  );
}

function AvatarCard({ user }: { user: CurrentUser }) {
  const refreshUser = useRefreshUserAfterAvatar();
  const [state, setState] = useState<UploadState>('idle');
  const { url: current } = useResolvedImageUrl(user.profileImageUrl);

  const shown = current;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile picture</CardTitle>
        <CardDescription>Square images of at least 400x400 look best. Images only, under 5 MB.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar.Root
          className="relative inline-flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-foreground"
          data-testid="settings-avatar"
        >
          {shown ? (
            <Avatar.Image src={shown} alt="Your profile picture" className="h-full w-full object-cover" />
          ) : null}
          <Avatar.Fallback className="text-2xl font-semibold" delayMs={shown ? 300 : 0} aria-hidden="true">
            {avatarInitial(user) || <UserRound className="h-8 w-8" />}
          </Avatar.Fallback>
          {state === 'uploading' ? (
            <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-white">
              <SpinnerIcon className="h-6 w-6" />
            </span>
          ) : null}
        </Avatar.Root>
        <div className="flex flex-col gap-2">
          <ImageUpload
            purpose="avatar"
            label="Upload new picture"
            hint={`${ACCEPTED_IMAGE_TYPES_LABEL}, under 5 MB.`}
            showPreview={false}
            errorTitle="Failed to upload image"
            inputTestId="avatar-file"
            onStateChange={setState}
            onUploaded={(url) => {
              if (!url) return;
              void refreshUser().then(() => toast({ title: 'Profile picture updated' }));
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
