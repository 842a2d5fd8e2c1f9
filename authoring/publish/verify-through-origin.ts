import { AuthoringError } from '../authoring-error.js';
import { sha256Hex } from './content-hash.js';
import { fetchBytes } from './fetch-bytes.js';

/** How often verify reads an object that does not match yet (a CDN or a replica may lag). */
const attempts = 3;

/**
 * Reads `url` (the URL the host reads) until its bytes hash to `sha256`, at most three times, a
 * quarter and then half a second apart; then fails with `verify-failed` naming what was served.
 */
export async function verifyThroughOrigin(url: string, sha256: string, what: string): Promise<void> {
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const { status, bytes } = await fetchBytes(url);
      if (status === 200 && sha256Hex(bytes) === sha256) return;
      last =
        status === 200
          ? `served other bytes (sha256 ${sha256Hex(bytes).slice(0, 12)}…, expected ${sha256.slice(0, 12)}…)`
          : `answered HTTP ${status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (attempt < attempts) await new Promise((done) => setTimeout(done, 250 * attempt));
  }
  throw new AuthoringError('verify-failed', `verify ${what}: ${url} ${last}`);
}
