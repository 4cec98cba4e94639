/** How long a delivery keeps being tried, and an endpoint may fail before it is switched off. */
export const RETRY_WINDOW_MS = 3 * 86_400_000;

const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 6 * 3_600_000;

/**
 * The wait after the `attempts`-th failed attempt: 5 s, 20 s, 80 s, 5 min, 21 min, 85 min,
 * 5.7 h, then every 6 h, until three days from the event.
 */
export function nextAttemptAfter(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** (attempts - 1), LONGEST_WAIT_MS);
}
