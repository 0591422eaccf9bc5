import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import ImagePlus from 'lucide-react/icons/image-plus';
import CircleCheck from 'lucide-react/icons/circle-check';
import {
  ACCEPTED_IMAGE_TYPES_LABEL,
  IMAGE_ACCEPT_ATTRIBUTE,
  checkUploadFile,
  type DirectUploadPurpose,
} from '@shared/schemas/upload';
import { errorMessage } from '../../lib/api-error';
import { Button } from '../button';
import { toast } from '../use-toast';
import { directUpload } from './direct-upload';

export type UploadState = 'idle' | 'uploading' | 'success' | 'error';

/** An object URL for a chosen file, revoked when the file changes or the component unmounts. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

export interface ImageUploadProps {
  purpose: DirectUploadPurpose;
  label: string;
  hint?: string;
  /** Called with the stored image's path once uploaded, and with null when the choice is reset. */
  onUploaded: (url: string | null) => void;
  onStateChange?: (s: UploadState) => void;
  /** Toast title when the upload fails (spec: 'Upload failed', 'Error uploading prompt image', ...). */
  errorTitle?: string;
  /** Show the preview of the chosen file (default true; a caller may show its own). */
  showPreview?: boolean;
  previewAlt?: string;
  inputTestId?: string;
  /** The file input's name (tests and autofill tools find it by name). */
  name?: string;
  /** Accessible name of the progress bar (default: "<label> upload progress"). */
  progressLabel?: string;
  disabled?: boolean;
}

/**
 * The one image upload of the SPA: choose, drop or paste an image; it is checked here first (type, size,
 * with the server's messages), previewed, and uploaded at once (no second click) straight to S3 with a progress bar fed by the
 * upload itself, then validated and re-encoded by the API (./direct-upload.ts).
 */
export function ImageUpload({
  purpose,
  label,
  hint,
  onUploaded,
  onStateChange,
  errorTitle = 'Upload failed',
  showPreview = true,
  previewAlt,
  inputTestId,
  name,
  progressLabel,
  disabled,
}: ImageUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setStateRaw] = useState<UploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const preview = useObjectUrl(file);
  useEffect(() => () => abort.current?.abort(), []);

  const setState = (s: UploadState) => {
    setStateRaw(s);
    onStateChange?.(s);
  };

  const upload = async (f: File | null = file) => {
    if (!f) return;
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setState('uploading');
    setProgress(0);
    try {
      const res = await directUpload(f, purpose, (p) => !ctrl.signal.aborted && setProgress(p), ctrl.signal);
      if (ctrl.signal.aborted) return;
      setProgress(100);
      setState('success');
      onUploaded(res.url);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      setState('error');
      toast({ title: errorTitle, description: errorMessage(err, 'Failed to upload image'), variant: 'destructive' });
    }
  };

  const choose = (f: File | null) => {
    abort.current?.abort();
    setProgress(0);
    setState('idle');
    onUploaded(null);
    if (!f) {
      setFile(null);
      setInvalid(null);
      return;
    }
    const problem = checkUploadFile(purpose, f);
    setInvalid(problem);
    if (problem) {
      setFile(null);
      if (input.current) input.current.value = '';
      return;
    }
    setFile(f);
    // one behaviour for every garment, outfit and style image: it uploads as soon as it is chosen (issue 26)
    void upload(f);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (disabled || state === 'uploading') return;
    const f = e.dataTransfer.files?.[0];
    if (f) choose(f);
  };
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    if (disabled || state === 'uploading') return;
    const f =
      [...(e.clipboardData?.files ?? [])].find((x) => x.type.startsWith('image/')) ?? e.clipboardData?.files?.[0];
    if (f) {
      e.preventDefault();
      choose(f);
    }
  };

  const busy = state === 'uploading' || !!disabled;
  return (
    <div className="space-y-3">
      <div
        tabIndex={0}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-testid={inputTestId ? `${inputTestId}-zone` : undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onPaste={onPaste}
        className={`flex flex-col gap-2 rounded-xl border border-dashed p-4 outline-none focus-visible:ring-2 focus-visible:ring-primary ${dragging ? 'border-primary bg-primary/5' : 'border-border'}`}
      >
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ImagePlus className="h-4 w-4 shrink-0" aria-hidden="true" />
          Drag and drop an image here, paste it, or choose a file.
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT_ATTRIBUTE}
          data-testid={inputTestId}
          name={name}
          disabled={busy}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className="block w-full min-w-0 max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-border"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint ?? `${ACCEPTED_IMAGE_TYPES_LABEL}, ${purpose === 'avatar' ? 'under 5 MB' : 'up to 15 MB'}.`}
        </p>
        {invalid ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {invalid}
          </p>
        ) : null}
      </div>
      {showPreview && preview ? (
        <img
          src={preview}
          alt={previewAlt ?? `${label} preview`}
          className="max-h-72 w-auto max-w-full rounded-xl border border-border object-contain"
        />
      ) : null}
      {state === 'uploading' || state === 'success' ? (
        <UploadProgress
          label={progressLabel ?? `${label} upload progress`}
          progress={progress}
          done={state === 'success'}
        />
      ) : null}
      {state === 'error' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            Upload failed. Please try again.
          </p>
          <Button variant="outline" size="sm" onClick={() => void upload()}>
            Retry
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The progress bar of an upload (fed by the upload's own progress events) with its live text. */
export function UploadProgress({ label, progress, done }: { label: string; progress: number; done: boolean }) {
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-150"
          style={{ width: `${progress}%` }}
        />
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
        {done ? (
          <>
            <CircleCheck className="h-4 w-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" /> Uploaded
          </>
        ) : (
          `Uploading... ${progress}%`
        )}
      </p>
    </div>
  );
}
