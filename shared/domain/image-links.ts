/**
 * How long a signed image link lives: the one place that sets it (the image-access service signs with it, the
 * privacy page says it in words). A URL is signed for a fixed window (signing date = the start of the current
 * hour), so every request in that hour gets the same URL and the browser keeps the image cached; each URL stays
 * valid one more window after its own ends, so at least one hour and at most PRESIGN_SECONDS after any request.
 */

/** Window of one signature: URLs signed in the same hour are identical. */
export const SIGN_WINDOW_SECONDS = 3600;
/** How long a signed image URL is valid from its signing date (at least an hour after any request). */
export const PRESIGN_SECONDS = 2 * SIGN_WINDOW_SECONDS;

/** A whole number of seconds in words, in the largest unit that divides it ("2 hours", "1 minute", "90 seconds"). */
export function durationInWords(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, name] = units.find(([u]) => seconds >= u && seconds % u === 0) ?? [1, 'second'];
  const n = seconds / size;
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}

/** The longest a signed image link works after it was handed out, in words (the privacy page). */
export const IMAGE_LINK_LIFETIME_WORDS = durationInWords(PRESIGN_SECONDS);
