import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Extra fields some provider errors carry, such as `reason: 'PREMIUM_REQUIRED'`. */
export interface ApiErrorExtra {
  reason?: string;
  [key: string]: unknown;
}

/** Builds the provider's error envelope: {"error":{"status","message",reason?}}. */
export function errorBody(status: number, message: string, extra?: ApiErrorExtra) {
  return { error: { status, message, ...(extra ?? {}) } };
}

/** Answers with the provider's error envelope and status. */
export function apiError(c: Context, status: ContentfulStatusCode, message: string, extra?: ApiErrorExtra): Response {
  return c.json(errorBody(status, message, extra), status);
}

/** Thrown inside handlers to stop with a provider error; the app's onError turns it into the envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra?: ApiErrorExtra,
  ) {
    super(message);
  }
}
