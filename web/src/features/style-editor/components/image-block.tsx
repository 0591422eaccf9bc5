import { useId, useState } from 'react';
import Link2 from 'lucide-react/icons/link-2';
import X from 'lucide-react/icons/x';
import { AppImage } from '../../../components/app-image';
import { Button } from '../../../components/button';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { ImageUpload } from '../../../components/image-upload/image-upload';
import { downloadRemoteImage, type StyleUploadType } from '../api/style-editor';

export type { UploadState } from '../../../components/image-upload/image-upload';

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
 * An image of the style (spec 02 section 4): choose, drop or paste a file (resets to idle and clears the url)
 * and upload it straight to S3 with the real progress bar (components/image-upload), or fetch a remote image
 * by URL; the stored image is previewed.
 */
export function ImageBlock({ title, note, type, value, onChange, uploadError, allowUrl, testId }: ImageBlockProps) {
  const id = useId();
  const [remote, setRemote] = useState('');
  const [fetching, setFetching] = useState(false);
  // A new key resets the upload (chosen file, progress) when the image comes from elsewhere or is removed.
  const [uploadKey, setUploadKey] = useState(0);

  const fetchRemote = async () => {
    const url = remote.trim();
    if (!url) return;
    setFetching(true);
    try {
      const res = await downloadRemoteImage(url);
      setUploadKey((k) => k + 1);
      onChange(res.url, res.originalUrl ?? url);
      setRemote('');
    } catch (err) {
      toast({
        title: 'Error downloading image',
        description: errorMessage(err, 'Failed to download image from URL'),
        variant: 'destructive',
      });
    } finally {
      setFetching(false);
    }
  };

  const clear = () => {
    setUploadKey((k) => k + 1);
    onChange('', null);
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-4" data-testid={testId}>
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="w-32 shrink-0">
          {value ? (
            <AppImage
              src={value}
              alt={`${title} preview`}
              className="aspect-[4/5] w-32 rounded-lg border border-border"
            />
          ) : (
            <div className="flex aspect-[4/5] w-32 items-center justify-center rounded-lg border border-dashed border-border p-2 text-center text-xs text-muted-foreground">
              No image yet
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <ImageUpload
            key={uploadKey}
            purpose={type}
            label="Upload a file"
            previewAlt={`${title} chosen file`}
            onUploaded={(url) => onChange(url ?? '', null)}
            errorTitle={uploadError}
            name={type}
            progressLabel={`${title} upload progress`}
          />
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
