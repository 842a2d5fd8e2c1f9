import { SdkError } from '../sdk-error.js';

/**
 * Throws `browser-required` when `available` is false: called where a function first needs a
 * browser API, never when a module is imported, so every entry of the SDK can be imported where a
 * server renders (a React server component, Next.js prerendering a client component).
 *
 * @param what - The function called, as the message names it.
 * @param available - Whether the API it needs exists here.
 * @param api - The API it needs (`indexedDB`, `navigator.serviceWorker`).
 */
export function requireBrowser(what: string, available: boolean, api: string): void {
  if (available) return;
  throw new SdkError(
    'browser-required',
    `${what} needs ${api}: call it in the browser (an effect, an event), not while a server renders`,
  );
}
