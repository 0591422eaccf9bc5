import { useEffect, useId, useRef, useState } from 'react';
import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { Button } from '../../../components/button';

/** An object URL for a chosen file, revoked when the file changes or the component unmounts. */
export function useObjectUrl(file: File | null): string | null {
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

/** An image file input with a preview and a remove button. */
export function ImageFilePicker({
  label,
  hint,
  file,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  file: File | null;
  onChange: (f: File | null) => void;
  testId?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint ? <p className="text-xs text-muted-foreground" id={`${id}-hint`}>{hint}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="h-24 w-24 rounded-lg border border-border object-cover" />
        ) : (
          <div className="flex h-24 w-24 items-center justify-center rounded-lg border border-dashed border-border text-muted-foreground">
            <ImagePlus className="h-6 w-6" aria-hidden="true" />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            aria-describedby={hint ? `${id}-hint` : undefined}
            data-testid={testId}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
            className="block w-full min-w-0 max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-border"
          />
          {file ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() => {
                onChange(null);
                if (input.current) input.current.value = '';
              }}
            >
              <X className="h-4 w-4" aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
