import { ApiError, isCanceled, PREMIUM_REQUIRED } from '../api/errors';

/**
 * Logs a failure unless it is a cancellation, which SPEC §8 passes on silently. A dropped
 * or absent network is the network's, not a fault of ours, and the user was told already
 * ('Internet Connection Problem'): a warning, not an error. A free account's refusal
 * (PREMIUM_REQUIRED) is an expected state the Premium prompt answered: one line of warning,
 * with no stack, since nothing went wrong.
 */
export function logUnlessCanceled(what: string, error: unknown): void {
  if (isCanceled(error)) return;
  if (error instanceof ApiError && error.reason === PREMIUM_REQUIRED) console.warn(`${what}: ${PREMIUM_REQUIRED}`);
  else if (error instanceof ApiError && (error.kind === 'offline' || error.kind === 'network')) console.warn(what, error);
  else console.error(what, error);
}
