import { useId, useRef, useState } from 'react';
import Upload from 'lucide-react/icons/upload';
import Link2 from 'lucide-react/icons/link-2';
import CircleCheck from 'lucide-react/icons/circle-check';
import X from 'lucide-react/icons/x';
import { AppImage } from '../../../components/app-image';
import { Button } from '../../../components/button';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useObjectUrl } from '../../generations/components/file-picker';
import { downloadRemoteImage, uploadStyleImage, type StyleUploadType } from '../api/style-editor';

export type UploadState = 'idle' | 'uploading' | 'success' | 'error';

interface ImageBlockProps {
  title: string;
  note?: string;
  type: StyleUploadType;
  /** The stored image (/api/public-image/...) or '' when none. */
  value: string;
  onChange: (url: string, originalUrl: string | null) => void;
  uploadError: string;
  /** Offer "paste a URL" (POST /api/download-image). */
  allowUrl?: boolean;
  testId: string;
}

/**
 * An image of the style (spec 02 section 4): choose a file (resets to idle and clears the url), upload it with
 * the real progress bar, or fetch a remote image by URL; the stored image is previewed.
 */
export function ImageBlock({ title, note, type, value, onChange, uploadError, allowUrl, testId }: ImageBlockProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [remote, setRemote] = useState('');
  const [fetching, setFetching] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const preview = useObjectUrl(file);

  const choose = (f: File | null) => {
    abort.current?.abort();
    setFile(f);
    setProgress(0);
    setState('idle');
    if (f) onChange('', null);
  };

  const upload = async () => {
    if (!file) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    setState('uploading');
    setProgress(0);
    try {
      const res = await uploadStyleImage(file, type, setProgress, ctrl.signal);
      if (ctrl.signal.aborted) return;
      setProgress(100);
      setState('success');
      onChange(res.url, null);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      setState('error');
      toast({ title: uploadError, description: errorMessage(err, 'Failed to upload image'), variant: 'destructive' });
    }
  };

  const fetchRemote = async () => {
    const url = remote.trim();
    if (!url) return;
    setFetching(true);
    try {
      const res = await downloadRemoteImage(url);
      abort.current?.abort();
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setState('idle');
      onChange(res.url, res.originalUrl ?? url);
      setRemote('');
    } catch (err) {
      toast({ title: 'Error downloading image', description: errorMessage(err, 'Failed to download image from URL'), variant: 'destructive' });
    } finally {
      setFetching(false);
    }
  };

  const clear = () => {
    abort.current?.abort();
    setFile(null);
    setState('idle');
    if (fileInput.current) fileInput.current.value = '';
    onChange('', null);
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-4" data-testid={testId}>
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="w-32 shrink-0">
          {preview && !value ? (
            <img src={preview} alt={`${title} preview`} className="aspect-[4/5] w-32 rounded-lg border border-border object-cover" />
          ) : value ? (
            <AppImage src={value} alt={`${title} preview`} className="aspect-[4/5] w-32 rounded-lg border border-border" />
          ) : (
            <div className="flex aspect-[4/5] w-32 items-center justify-center rounded-lg border border-dashed border-border p-2 text-center text-xs text-muted-foreground">
              No image yet
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              Upload a file
            </label>
            <input
              ref={fileInput}
              id={id}
              type="file"
              accept="image/*"
              name={type}
              disabled={state === 'uploading'}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              className="block w-full min-w-0 max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-border"
            />
          </div>
          {file && state === 'idle' ? (
            <Button size="sm" onClick={upload} data-testid={`${testId}-upload`}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Upload
            </Button>
          ) : null}
          {state === 'uploading' || state === 'success' ? (
            <div className="space-y-1">
              <div
                role="progressbar"
                aria-label={`${title} upload progress`}
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
          {allowUrl ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-url`} className="text-sm font-medium">
                Or paste an image URL
              </label>
              <div className="flex gap-2">
                <Input
                  id={`${id}-url`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={remote}
                  onChange={(e) => setRemote(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void fetchRemote();
                    }
                  }}
                />
                <Button variant="outline" onClick={() => void fetchRemote()} disabled={fetching || !remote.trim()}>
                  {fetching ? <SpinnerIcon /> : <Link2 className="h-4 w-4" aria-hidden="true" />}
                  Fetch
                </Button>
              </div>
            </div>
          ) : null}
          {value ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              <X className="h-4 w-4" aria-hidden="true" />
              Remove image
            </Button>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
