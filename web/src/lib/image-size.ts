/**
 * The pixel size of a picked image file, read in the browser before anything is uploaded (createImageBitmap
 * decodes it off the main thread). Null when this browser cannot tell (no createImageBitmap: the API's image
 * gate checks the size again anyway); 'unreadable' when the file does not decode as an image.
 */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number } | 'unreadable' | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return 'unreadable';
  }
}
