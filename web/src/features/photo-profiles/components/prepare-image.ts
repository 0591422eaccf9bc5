import { downscaledSize, MAX_UPLOAD_EDGE } from './profile-form-rules';

/**
 * Shrink a photo whose longest side is over 2048 px to 2048 px (canvas -> JPEG at 0.9) before it is sent.
 *
 * Why: in AWS the API runs behind API Gateway -> Lambda, whose request payloads are capped at 6 MB (and the
 * multipart body is base64-encoded on the way, which adds a third). Two phone photos of up to 10 MB each
 * would not get through; 2048 px JPEGs are a few hundred KB and more than the try-on providers use.
 * A photo that cannot be decoded here (an AVIF in a browser without AVIF support) is sent as it is: the
 * server's image pipeline decides then.
 */
export async function prepareImageForUpload(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = downscaledSize(bitmap.width, bitmap.height, MAX_UPLOAD_EDGE);
    if (!size) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    // JPEG has no alpha: flatten transparent PNG/WebP onto white instead of black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) return file;
    const base = file.name.replace(/\.[^.]+$/, '') || 'photo';
    return new File([blob], `${base}.jpg`, { type: 'image/jpeg', lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}
