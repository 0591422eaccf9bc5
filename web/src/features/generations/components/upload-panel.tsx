import { ImageUpload, type UploadState } from '../../../components/image-upload/image-upload';

export type { UploadState };

/**
 * The outfit upload of Try Custom Look (spec 02 section 4): choose, drop or paste a file (which resets to idle
 * and clears the url), upload it straight to S3 with real progress, then success or error. Up to 15 MB.
 */
export function OutfitUploadPanel({
  onUploaded,
  onStateChange,
}: {
  onUploaded: (url: string | null) => void;
  onStateChange: (s: UploadState) => void;
}) {
  return (
    <ImageUpload
      purpose="outfit"
      label="Outfit image"
      previewAlt="Outfit preview"
      onUploaded={onUploaded}
      onStateChange={onStateChange}
      inputTestId="outfit-file"
    />
  );
}
