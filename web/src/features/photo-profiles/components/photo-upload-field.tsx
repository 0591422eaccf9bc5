import { useEffect, useId, useRef, useState } from 'react';
import Upload from 'lucide-react/icons/upload';
import Trash2 from 'lucide-react/icons/trash-2';
import CircleCheck from 'lucide-react/icons/circle-check';
import { AppImage } from '../../../components/app-image';
import { Button } from '../../../components/button';
import { SpinnerIcon } from '../../../components/spinner';
import { cn } from '../../../lib/cn';
import { ACCEPT_ATTRIBUTE, checkImageFile, checkPhotoSize } from './profile-form-rules';
import { readImageSize } from '../../../lib/image-size';
import { UploadProgress } from '../../../components/image-upload/image-upload';
import { checkPersonPhoto, type LoadProgress } from '../../../lib/engine/photo-check';
import { PHOTO_CHECK_TEXTS } from '@shared/domain/body-check';

/**
 * Where the check of a newly chosen photo is (the Fitly engine in the browser): running, passed, refused (the
 * form cannot be saved with it), or not possible in this browser (saved anyway; the server checks again).
 */
export type PhotoCheckState = 'checking' | 'ok' | 'refused' | 'unavailable';

/** A photo of the form: the stored one (edit), a newly chosen file with its preview and its check, or none. */
export type PhotoValue =
  { kind: 'existing'; url: string } | { kind: 'new'; file: File; preview: string; check: PhotoCheckState } | null;

interface Props {
  /** Form field name of the file input (portrait, fullBody). */
  name: string;
  label: string;
  hint: string;
  value: PhotoValue;
  onChange: (next: PhotoValue) => void;
  /** Validation error from the form (e.g. "Portrait photo is required"). */
  error?: string;
  /** Say "Optional." in front of the hint. */
  optional?: boolean;
  aspect: 'square' | 'portrait';
  /** The direct upload of the chosen file while the form saves (real progress from the upload itself). */
  upload?: { progress: number; done: boolean } | null;
}

/**
 * An image picker with preview, replace and remove; refuses non-images, files over 15 MB and photos under
 * 400 x 400 pixels when picked, before any upload; then the Fitly engine checks the photo in the browser (a face
 * in the portrait, a whole body in the full-body photo) and shows the reason when it refuses it.
 * The file is sent straight to S3 when the form is saved (the consent is confirmed first): `upload` shows it.
 */
export function PhotoUploadField({ name, label, hint, value, onChange, error, optional, aspect, upload }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [engineProgress, setEngineProgress] = useState<LoadProgress | null>(null);
  const [checkNote, setCheckNote] = useState<string | null>(null);
  // the last check's backend and time (data attributes: what the browser tests report)
  const [checkRun, setCheckRun] = useState<{ backend: string; ms: number } | null>(null);
  // the pick whose check is current: a check that ends after another pick (or a removal) is dropped
  const pick = useRef(0);
  useEffect(
    () => () => {
      pick.current++;
    },
    [],
  );
  const engineChecking = value?.kind === 'new' && value.check === 'checking';
  const busy = (!!upload && !upload.done) || checking;
  const shown = fileError ?? error;
  const hintId = `${id}-hint`;
  const errorId = shown ? `${id}-error` : undefined;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const kind = name === 'fullBody' ? 'full-body' : 'portrait';
    const mine = ++pick.current;
    setCheckNote(null);
    const refused = checkImageFile(file);
    if (refused) {
      setFileError(refused);
      return;
    }
    // the pixel size is checked here, before anything is uploaded (the API checks it again)
    setChecking(true);
    const tooSmall = checkPhotoSize(kind, await readImageSize(file));
    setChecking(false);
    if (mine !== pick.current) return;
    if (tooSmall) {
      setFileError(tooSmall);
      return;
    }
    setFileError(null);
    // The original bytes are sent (no downscale: the upload goes to S3, up to 15 MB); the server re-encodes.
    if (value?.kind === 'new') URL.revokeObjectURL(value.preview);
    const preview = URL.createObjectURL(file);
    onChange({ kind: 'new', file, preview, check: 'checking' });
    // then what is in it: the engine in the browser (nothing is uploaded before the save)
    const result = await checkPersonPhoto(file, kind, (p) => {
      if (mine === pick.current) setEngineProgress(p);
    });
    if (mine !== pick.current) return;
    setEngineProgress(null);
    setCheckRun(result.status === 'unavailable' ? null : { backend: result.backend, ms: result.ms });
    if (result.status === 'refused') setFileError(result.message);
    if (result.status === 'unavailable') setCheckNote(PHOTO_CHECK_TEXTS.unavailable);
    onChange({ kind: 'new', file, preview, check: result.status });
  };

  const remove = () => {
    pick.current++;
    if (value?.kind === 'new') URL.revokeObjectURL(value.preview);
    setFileError(null);
    setCheckNote(null);
    setEngineProgress(null);
    onChange(null);
    buttonRef.current?.focus();
  };

  const src = value ? (value.kind === 'new' ? value.preview : value.url) : null;
  const box = aspect === 'square' ? 'aspect-square' : 'aspect-[3/4]';

  return (
    <div
      className="flex flex-col gap-2"
      role="group"
      aria-labelledby={`${id}-label`}
      data-photo-check={value?.kind === 'new' ? value.check : undefined}
      data-check-backend={checkRun?.backend}
      data-check-ms={checkRun?.ms}
    >
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
      </div>
      <div
        className={cn(
          'relative flex w-full items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-muted/40',
          box,
          shown ? 'border-destructive' : 'border-border',
        )}
      >
        {src ? (
          <AppImage src={src} alt={`${label} preview`} className="h-full w-full" />
        ) : (
          <div className="flex flex-col items-center gap-2 p-4 text-center text-sm text-muted-foreground">
            <Upload className="h-6 w-6" aria-hidden="true" />
            <span>No photo yet</span>
          </div>
        )}
        {busy ? (
          <div className="absolute inset-0 flex items-center justify-center bg-background/70">
            <SpinnerIcon className="h-6 w-6 text-brand" />
            <span className="sr-only">{checking ? 'Checking photo' : 'Uploading photo'}</span>
          </div>
        ) : engineChecking ? (
          <div className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-2 bg-background/85 px-2 py-2 text-sm font-medium">
            <SpinnerIcon className="h-4 w-4 shrink-0 text-brand" />
            <span role="status">{PHOTO_CHECK_TEXTS.checking}</span>
          </div>
        ) : null}
      </div>
      {engineChecking ? <EngineProgress label={label} progress={engineProgress} /> : null}
      {upload ? (
        <UploadProgress label={`${label} upload progress`} progress={upload.progress} done={upload.done} />
      ) : null}
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // choosing the same file again still fires change
          void choose(file);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          ref={buttonRef}
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          disabled={busy}
          aria-label={`${src ? 'Replace' : 'Upload'} ${label.toLowerCase()}`}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {src ? 'Replace' : 'Upload'}
        </Button>
        {src ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={remove}
            disabled={busy}
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {/* "Optional" sits in the hint, not the label: two labels side by side stay one line each on phones. */}
        {optional ? <span className="font-semibold">Optional. </span> : null}
        {hint}
      </p>
      {checkNote && !shown ? <p className="text-xs text-muted-foreground">{checkNote}</p> : null}
      {/* a live region kept in place, so the pass is announced when it is filled in */}
      <div role="status">
        {value?.kind === 'new' && value.check === 'ok' && !shown ? (
          <p
            data-testid="photo-check-passed"
            className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400"
          >
            <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
            {name === 'fullBody' ? PHOTO_CHECK_TEXTS.passedFullBody : PHOTO_CHECK_TEXTS.passedPortrait}
          </p>
        ) : null}
      </div>
      {shown ? (
        <p id={errorId} className="text-sm text-destructive dark:text-red-400" role={fileError ? 'alert' : undefined}>
          {shown}
        </p>
      ) : null}
    </div>
  );
}

/** The engine's first download (models and TensorFlow.js): bytes so far of the total, as a progress bar. */
function EngineProgress({ label, progress }: { label: string; progress: LoadProgress | null }) {
  // nothing to show once loaded (a later check reuses the engine: no download)
  if (!progress || progress.total === 0 || progress.loaded >= progress.total) return null;
  const percent = Math.floor((progress.loaded / progress.total) * 100);
  const mb = (n: number) => (n / 1e6).toFixed(1);
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={`${label}: ${PHOTO_CHECK_TEXTS.loading}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-150"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {PHOTO_CHECK_TEXTS.loading}: {mb(progress.loaded)} / {mb(progress.total)} MB
      </p>
    </div>
  );
}
