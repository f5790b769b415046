import { isCanceled } from '../api/errors';

/** Logs a failure unless it is a cancellation, which SPEC §8 passes on silently. */
export function logUnlessCanceled(what: string, error: unknown): void {
  if (!isCanceled(error)) console.error(what, error);
}
