import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { GENDERS, type Gender } from '@shared/domain/catalog';
import { PHOTO_CHECK_TEXTS } from '@shared/domain/body-check';
import { buttonClasses, Button } from '../../../components/button';
import { Card, CardContent } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { MinorNotice } from '../../../components/minor-notice';
import { usePrivacySettings } from '../../../api/privacy';
import { Skeleton } from '../../../components/skeleton';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useUpsell } from '../../../components/upsell/upsell-provider';
import { usePhotoProfiles, useSaveMeasurements, useSaveProfile, type PhotoProfile } from '../../../api/photo-profiles';
import { PhotoUploadField, type PhotoValue } from './photo-upload-field';
import { uploadToQuarantine } from '../../../components/image-upload/direct-upload';
import { ProfileGuidance } from './profile-guidance';
import { MeasurementsSection, useMeasurementsForm } from './profile-measurements';
import { measurementsChanged, measurementsToForm, type MeasurementsFormOutput } from './measurements-form-rules';
import { PhotoConsentStep, usePhotoConsentGate } from './photo-consent-step';
import { bodyDescriptionCount, profileFormSchema, type ProfileFormValues } from './profile-form-rules';

const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', unisex: 'Unisex' };

const fieldClasses =
  'w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive';

function BackLink() {
  return (
    <Link
      to="/profiles"
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to profiles
    </Link>
  );
}

/** /profiles/new and /profiles/{id}/edit (spec 02 section 2, "Photo profile form"). */
export default function ProfileFormPage() {
  const { id } = useParams();
  const isEdit = !!id;
  const profiles = usePhotoProfiles();
  const profile = isEdit ? profiles.data?.find((p) => p.id === id) : undefined;
  const title = isEdit ? 'Edit Photo Profile' : 'Create Photo Profile';
  const privacy = usePrivacySettings();

  let body;
  // under 18: say why no profile can be made and what to do instead, rather than a form that refuses (issue 39)
  if (!isEdit && privacy.data?.ageStatus === 'minor') body = <MinorNotice />;
  else if (!isEdit) body = <ProfileForm />;
  else if (profiles.isPending) body = <FormSkeleton />;
  else if (profiles.isError) body = <Missing text="Could not load your photo profiles. Please try again." />;
  else if (!profile) body = <Missing text="Photo profile not found" />;
  else body = <ProfileForm key={profile.id} profile={profile} />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <BackLink />
      <PageHeader
        title={title}
        description="A portrait, an optional full-body photo and a short description of your body."
      />
      {body}
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 pt-5">
        <p>{text}</p>
        <Link to="/profiles" className={buttonClasses({ variant: 'outline' })}>
          Back to profiles
        </Link>
      </CardContent>
    </Card>
  );
}

function FormSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading photo profile"
      className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <Skeleton className="h-[32rem] rounded-2xl" />
      <Skeleton className="h-80 rounded-2xl" />
    </div>
  );
}

type Upload = { progress: number; done: boolean } | null;
type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** One photo to the quarantine with its progress shown on the field; the upload id for the save. */
async function sendPhoto(file: File, show: (u: Upload) => void): Promise<string> {
  show({ progress: 0, done: false });
  const { uploadId } = await uploadToQuarantine(file, 'photo_profile', (p) => show({ progress: p, done: false }));
  show({ progress: 100, done: true });
  return uploadId;
}

/** A field's error shows once it was left (or a photo chosen) and on submit; then it follows every change. */
const TOUCH = { shouldValidate: true, shouldTouch: true, shouldDirty: true } as const;

function ProfileForm({ profile }: { profile?: PhotoProfile }) {
  const navigate = useNavigate();
  const { handleLimitError } = useUpsell();
  const save = useSaveProfile(profile?.id);
  // the measurements (edit only) are part of this form: its one Save saves them too (issue 39)
  const measurementsForm = useMeasurementsForm(profile);
  const saveMeasurements = useSaveMeasurements(profile?.id ?? '');
  const consentGate = usePhotoConsentGate();
  const [preparing, setPreparing] = useState(false);
  const [portraitUpload, setPortraitUpload] = useState<Upload>(null);
  const [fullBodyUpload, setFullBodyUpload] = useState<Upload>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: profile?.name ?? '',
      gender: profile?.gender ?? 'unisex',
      bodyDescription: profile?.bodyDescription ?? '',
      portrait: profile ? { kind: 'existing', url: profile.portraitUrl } : null,
      fullBody: profile?.fullBodyUrl ? { kind: 'existing', url: profile.fullBodyUrl } : null,
    },
  });
  const values = watch();
  const { portrait, fullBody } = values;

  // Free the preview URLs of chosen files when the form goes away.
  const previews = useRef<PhotoValue[]>([]);
  previews.current = [portrait, fullBody];
  useEffect(
    () => () => {
      for (const v of previews.current) if (v?.kind === 'new') URL.revokeObjectURL(v.preview);
    },
    [],
  );

  // The save button follows the same schema on every keystroke (the errors themselves show once touched).
  const valid = profileFormSchema.safeParse(values).success;
  // A new profile also needs the consent step (age and confirmation); an edit was consented to already.
  const consentOk = !!profile || consentGate.ready;
  // a photo being checked in the browser, or refused by that check, cannot be saved (one the browser could not
  // check can: the server checks again)
  const checks = [portrait, fullBody].map((p) => (p?.kind === 'new' ? p.check : 'ok'));
  const photosChecking = checks.includes('checking');
  const photosRefused = checks.includes('refused');
  const photosOk = !photosChecking && !photosRefused;
  const count = bodyDescriptionCount(values.bodyDescription);

  const saving = save.isPending || saveMeasurements.isPending || preparing;
  const saved = (name: string) => {
    toast({ title: profile ? 'Profile updated' : 'Profile created', description: `"${name}" is saved.` });
    void navigate('/profiles');
  };

  /**
   * The measurements first (checked by their own schema, then PUT): a failure there leaves the rest unsaved and
   * the page as it was, so a retry repeats nothing. Then the profile, unless only the measurements changed.
   */
  const onValid = async (v: ProfileFormOutput, measurements: MeasurementsFormOutput | null) => {
    if (!consentOk || !photosOk || saving) return;
    if (profile && measurements) {
      try {
        const res = await saveMeasurements.mutateAsync(measurements);
        measurementsForm.reset(measurementsToForm(res.measurements));
      } catch (err) {
        toast({
          variant: 'destructive',
          title: 'Could not save your measurements',
          description: errorMessage(err, 'Please try again.'),
        });
        return;
      }
      if (!isDirty) return saved(v.name);
    }
    let consent: string | undefined;
    if (!profile) {
      setPreparing(true);
      try {
        consent = await consentGate.prepare();
      } catch (err) {
        toast({
          variant: 'destructive',
          title: 'Save failed',
          description: errorMessage(err, 'Could not save your date of birth. Please try again.'),
        });
        return;
      } finally {
        setPreparing(false);
      }
    }
    // The photos go straight to S3 (presigned POST to the quarantine, real progress), only now that the
    // consent is confirmed; the save names them by upload id and the API checks and re-encodes them.
    let portraitUploadId: string | null = null;
    let fullBodyUploadId: string | null = null;
    setPreparing(true);
    try {
      if (v.portrait?.kind === 'new') portraitUploadId = await sendPhoto(v.portrait.file, setPortraitUpload);
      if (v.fullBody?.kind === 'new') fullBodyUploadId = await sendPhoto(v.fullBody.file, setFullBodyUpload);
    } catch (err) {
      setPortraitUpload(null);
      setFullBodyUpload(null);
      if (handleLimitError(err)) return;
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: errorMessage(err, 'Failed to upload image'),
      });
      return;
    } finally {
      setPreparing(false);
    }
    save.mutate(
      {
        consent,
        name: v.name,
        gender: v.gender,
        bodyDescription: v.bodyDescription,
        portraitUploadId,
        fullBodyUploadId,
        removeFullBody: !!profile?.fullBodyUrl && !v.fullBody,
      },
      {
        onSuccess: () => saved(v.name),
        onError: (err) => {
          // the uploads were used (or discarded) by the server: a retry sends the photos again
          setPortraitUpload(null);
          setFullBodyUpload(null);
          if (handleLimitError(err)) return;
          toast({
            variant: 'destructive',
            title: 'Save failed',
            description: errorMessage(err, 'Could not save the photo profile. Please try again.'),
          });
        },
      },
    );
  };
  const onSubmit = async () => {
    let measurements: MeasurementsFormOutput | null = null;
    // changed from what is stored (typed, or cleared): compared by value, so typing a number back is no change
    const changed = !!profile && measurementsChanged(measurementsForm.getValues(), profile.measurements);
    if (changed) {
      let ok = false;
      // an invalid measurement is shown on its field (and focused); nothing is saved
      await measurementsForm.handleSubmit((m) => {
        measurements = m;
        ok = true;
      })();
      if (!ok) return;
    }
    await handleSubmit((v) => onValid(v, measurements))();
  };

  return (
    <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card>
        <CardContent className="pt-5 sm:p-6">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void onSubmit();
            }}
            noValidate
            className="flex flex-col gap-6"
            aria-label={profile ? 'Edit photo profile' : 'Create photo profile'}
          >
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
              <FormField label="Profile name" error={errors.name?.message}>
                <Input maxLength={80} autoComplete="off" placeholder="e.g. Me, everyday" {...register('name')} />
              </FormField>
              <FormField label="Gender">
                <select className={cn(fieldClasses, 'h-10 py-0')} {...register('gender')}>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {GENDER_LABELS[g]}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>

            <div className="grid grid-cols-2 gap-4 sm:gap-6">
              <PhotoUploadField
                name="portrait"
                label="Portrait photo"
                hint="Square, at least 400 x 400, face clearly visible. Used by Creative mode."
                aspect="square"
                value={portrait}
                onChange={(v) => {
                  setValue('portrait', v, TOUCH);
                  setPortraitUpload(null);
                }}
                error={errors.portrait?.message}
                upload={portraitUpload}
              />
              <PhotoUploadField
                name="fullBody"
                label="Full-body photo"
                optional
                hint="Standing, head to feet. Needed for Exact mode."
                aspect="portrait"
                value={fullBody}
                onChange={(v) => {
                  setValue('fullBody', v, { shouldDirty: true });
                  setFullBodyUpload(null);
                }}
                upload={fullBodyUpload}
              />
            </div>

            <FormField
              label="Body description"
              error={errors.bodyDescription?.message}
              hint={
                <span
                  className={cn('tabular-nums', count.enough ? 'text-emerald-700 dark:text-emerald-400' : undefined)}
                >
                  {count.label}
                  <span className="sr-only"> characters (minimum {count.min})</span>
                </span>
              }
            >
              <textarea
                rows={5}
                maxLength={2000}
                placeholder="Build, height, proportions and usual clothing size"
                className={cn(fieldClasses, 'min-h-28 resize-y')}
                {...register('bodyDescription')}
              />
            </FormField>

            {!profile ? <PhotoConsentStep gate={consentGate} /> : <MeasurementsSection form={measurementsForm} />}

            <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
              {photosRefused ? (
                <p className="text-sm text-muted-foreground sm:mr-auto">{PHOTO_CHECK_TEXTS.refusedSave}</p>
              ) : !valid ? (
                <p className="text-sm text-muted-foreground sm:mr-auto">
                  Add a name, a portrait and a body description to save.
                </p>
              ) : photosChecking ? (
                <p className="text-sm text-muted-foreground sm:mr-auto">{PHOTO_CHECK_TEXTS.checkingSave}</p>
              ) : !consentOk && !consentGate.blocked ? (
                <p className="text-sm text-muted-foreground sm:mr-auto">Confirm who is in the photos to save.</p>
              ) : null}
              <Link to="/profiles" className={buttonClasses({ variant: 'outline' })}>
                Cancel
              </Link>
              <Button type="submit" disabled={!valid || !consentOk || !photosOk || saving}>
                {saving ? <SpinnerIcon /> : null}
                {portraitUpload && !portraitUpload.done
                  ? 'Uploading...'
                  : fullBodyUpload && !fullBodyUpload.done
                    ? 'Uploading...'
                    : save.isPending || saveMeasurements.isPending
                      ? 'Saving...'
                      : profile
                        ? 'Save Changes'
                        : 'Create Profile'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <ProfileGuidance
        onUseExample={(text) => {
          setValue('bodyDescription', text, TOUCH);
          setFocus('bodyDescription');
        }}
      />
    </div>
  );
}
