import { useId, useRef, useState } from 'react';
import Upload from 'lucide-react/icons/upload';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Button } from '../../../components/button';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { useObjectUrl } from './file-picker';

export type UploadState = 'idle' | 'uploading' | 'success' | 'error';

export const OUTFIT_UPLOAD_URL = '/api/uploads/outfit';

/**
 * The outfit upload of Try Custom Look (spec 02 section 4): choose a file (which resets to idle and clears
 * the preview's url), upload it with real progress, then success or error.
 */
export function OutfitUploadPanel({ onUploaded, onStateChange }: { onUploaded: (url: string | null) => void; onStateChange: (s: UploadState) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, setStateRaw] = useState<UploadState>('idle');
  const [progress, setProgress] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const preview = useObjectUrl(file);

  const setState = (s: UploadState) => {
    setStateRaw(s);
    onStateChange(s);
  };

  const choose = (f: File | null) => {
    abort.current?.abort();
    setFile(f);
    setProgress(0);
    setState('idle');
    onUploaded(null);
  };

  const upload = async () => {
    if (!file) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    setState('uploading');
    setProgress(0);
    const fd = new FormData();
    fd.append('file', file);
    try {
      const res = await uploadWithProgress<{ url: string }>(OUTFIT_UPLOAD_URL, fd, setProgress, ctrl.signal);
      if (ctrl.signal.aborted) return;
      setProgress(100);
      setState('success');
      onUploaded(res.url);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      setState('error');
      toast({ title: 'Upload failed', description: errorMessage(err, 'Failed to upload image'), variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          Outfit image
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          data-testid="outfit-file"
          disabled={state === 'uploading'}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className="block w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-border"
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          JPEG, PNG or WebP, up to 10 MB.
        </p>
      </div>
      {preview ? <img src={preview} alt="Outfit preview" className="max-h-72 w-auto max-w-full rounded-xl border border-border object-contain" /> : null}
      {file && state === 'idle' ? (
        <Button onClick={upload} data-testid="outfit-upload">
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload
        </Button>
      ) : null}
      {state === 'uploading' || state === 'success' ? (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-150" style={{ width: `${progress}%` }} />
          </div>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
            {state === 'success' ? (
              <>
                <CircleCheck className="h-4 w-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" /> Uploaded
              </>
            ) : (
              `Uploading... ${progress}%`
            )}
          </p>
        </div>
      ) : null}
      {state === 'error' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            Upload failed. Please try again.
          </p>
          <Button variant="outline" size="sm" onClick={upload}>
            Retry
          </Button>
        </div>
      ) : null}
    </div>
  );
}
