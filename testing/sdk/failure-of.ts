import { expect } from 'vitest';
import { SdkError } from '../../sdk/sdk-error.js';

/** Test-only: the SdkError `promise` rejects with (a fulfilled promise, or another error, fails the test). */
export async function failureOf(promise: Promise<unknown>): Promise<SdkError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(SdkError);
  return outcome as SdkError;
}
