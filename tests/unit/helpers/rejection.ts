import { expect } from 'vitest';
import { ApiError } from '../../../src/api/errors';

/** Awaits a call that must fail and returns its ApiError (the test fails if it resolves or rejects otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
