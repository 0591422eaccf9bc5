/**
 * The consent step of a new photo profile: the date of birth when none is on file yet (only adult/minor is
 * kept), and the confirmation that the photos show the user or an adult who agreed. The server enforces
 * both; this step explains them before anything is uploaded.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { MIN_PHOTO_PROFILE_AGE, PRIVACY_MESSAGES, ageOn } from '@shared/domain/privacy';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { usePrivacySettings, useRecordAge } from '../../../api/privacy';

export function usePhotoConsentGate() {
  const settings = usePrivacySettings();
  const recordAge = useRecordAge();
  const [checked, setChecked] = useState(false);
  const [birthDate, setBirthDate] = useState('');
  const age = settings.data?.ageStatus ?? null;
  const typedAge = birthDate ? ageOn(birthDate) : null;
  const blocked = age === 'minor' || (age === null && typedAge !== null && typedAge < MIN_PHOTO_PROFILE_AGE);
  const ageOk = age === 'adult' || (age === null && typedAge !== null && typedAge >= MIN_PHOTO_PROFILE_AGE);
  const ready = !!settings.data && checked && ageOk && !blocked;

  /** Records the date of birth if needed; resolves with the consent version to send with the profile. */
  async function prepare(): Promise<string> {
    if (age === null) {
      const res = await recordAge.mutateAsync(birthDate);
      if (res.ageStatus !== 'adult') throw new Error(PRIVACY_MESSAGES.underAge);
    }
    return settings.data!.photoConsent.version;
  }

  return { settings, checked, setChecked, birthDate, setBirthDate, age, typedAge, blocked, ready, prepare };
}

export type PhotoConsentGate = ReturnType<typeof usePhotoConsentGate>;

export function PhotoConsentStep({ gate }: { gate: PhotoConsentGate }) {
  const consent = gate.settings.data?.photoConsent;
  const invalidDate = gate.birthDate !== '' && gate.typedAge === null;
  return (
    <fieldset
      className="flex flex-col gap-4 rounded-xl border border-border bg-muted/40 p-4"
      data-testid="photo-consent-step"
    >
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
        <ShieldCheck className="h-4 w-4 text-brand" aria-hidden="true" />
        Before you upload
      </legend>
      {gate.age === null && !gate.settings.isPending ? (
        <FormField
          label="Date of birth"
          error={invalidDate ? PRIVACY_MESSAGES.birthDateInvalid : undefined}
          hint={`Photo profiles are for people ${MIN_PHOTO_PROFILE_AGE} and over. We keep only whether you are ${MIN_PHOTO_PROFILE_AGE} or over, not the date.`}
        >
          <Input
            type="date"
            name="birthDate"
            value={gate.birthDate}
            max={new Date().toISOString().slice(0, 10)}
            onChange={(e) => gate.setBirthDate(e.target.value)}
          />
        </FormField>
      ) : null}
      {gate.blocked ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {PRIVACY_MESSAGES.underAge}
        </p>
      ) : (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="consent"
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
            checked={gate.checked}
            disabled={!consent}
            onChange={(e) => gate.setChecked(e.target.checked)}
          />
          <span>
            {consent?.text ?? 'Loading...'}{' '}
            <Link to="/privacy" className="text-muted-foreground underline underline-offset-2">
              How we protect your photos
            </Link>
          </span>
        </label>
      )}
    </fieldset>
  );
}
