/**
 * What a 429 tells the user: how long to wait, from the answer's `Retry-After` (seconds; the shop never sends the
 * HTTP-date form). Without one, a general wait.
 */
export function tooManyAttempts(retryAfter: string | null | undefined): string {
  const seconds = Number(retryAfter);
  if (!retryAfter || !Number.isFinite(seconds) || seconds <= 0)
    return 'Too many attempts. Please wait a minute and try again.';
  if (seconds < 60) {
    const s = Math.ceil(seconds);
    return `Too many attempts. Try again in ${s} ${s === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
