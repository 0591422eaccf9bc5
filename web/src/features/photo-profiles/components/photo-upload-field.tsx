import { useId, useRef, useState } from 'react';
import Upload from 'lucide-react/icons/upload';
import Trash2 from 'lucide-react/icons/trash-2';
import { AppImage } from '../../../components/app-image';
import { Button } from '../../../components/button';
import { SpinnerIcon } from '../../../components/spinner';
import { cn } from '../../../lib/cn';
import { ACCEPT_ATTRIBUTE, checkImageFile, checkPhotoSize } from './profile-form-rules';
import { readImageSize } from '../../../lib/image-size';
import { UploadProgress } from '../../../components/image-upload/image-upload';

/** A photo of the form: the stored one (edit), a newly chosen file with its preview, or none. */
export type PhotoValue = { kind: 'existing'; url: string } | { kind: 'new'; file: File; preview: string } | null;

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
 * 400 x 400 pixels when picked, before any upload.
 * The file is sent straight to S3 when the form is saved (the consent is confirmed first): `upload` shows it.
 */
export function PhotoUploadField({ name, label, hint, value, onChange, error, optional, aspect, upload }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const busy = (!!upload && !upload.done) || checking;
  const shown = fileError ?? error;
  const hintId = `${id}-hint`;
  const errorId = shown ? `${id}-error` : undefined;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refused = checkImageFile(file);
    if (refused) {
      setFileError(refused);
      return;
    }
    // the pixel size is checked here, before anything is uploaded (the API checks it again)
    setChecking(true);
    const tooSmall = checkPhotoSize(name === 'fullBody' ? 'full-body' : 'portrait', await readImageSize(file));
    setChecking(false);
    if (tooSmall) {
      setFileError(tooSmall);
      return;
    }
    setFileError(null);
    // The original bytes are sent (no downscale: the upload goes to S3, up to 15 MB); the server re-encodes.
    if (value?.kind === 'new') URL.revokeObjectURL(value.preview);
    onChange({ kind: 'new', file, preview: URL.createObjectURL(file) });
  };

  const remove = () => {
    if (value?.kind === 'new') URL.revokeObjectURL(value.preview);
    setFileError(null);
    onChange(null);
    buttonRef.current?.focus();
  };

  const src = value ? (value.kind === 'new' ? value.preview : value.url) : null;
  const box = aspect === 'square' ? 'aspect-square' : 'aspect-[3/4]';

  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={`${id}-label`}>
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
        ) : null}
      </div>
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
      {shown ? (
        <p id={errorId} className="text-sm text-destructive dark:text-red-400" role={fileError ? 'alert' : undefined}>
          {shown}
        </p>
      ) : null}
    </div>
  );
}
