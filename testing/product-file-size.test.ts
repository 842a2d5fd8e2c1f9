import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// House rule: one concept per file, under 300 lines. A product source file that has to be longer
// says why in its first lines, starting with "Long because", so the length is a decision, not drift.

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const PRODUCT_FOLDERS = ['contracts', 'host', 'sdk', 'service-worker', 'authoring'];
const MAX_LINES = 300;
/** How far down "Long because" may stand (after imports, say). */
const REASON_WITHIN_LINES = 30;

/**
 * The product sources of the working tree, tracked or new (not ignored), as a commit would hold
 * them: no tests, test suites or test helpers, and no file deleted or moved away since the index.
 */
function productSources(): string[] {
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...PRODUCT_FOLDERS];
  return [...new Set(execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).split('\0'))]
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && existsSync(join(repoRoot, file)))
    .filter((file) => !/\.(test|case)\.|(^|\/)testing\/|\.d\.ts$/.test(file));
}

describe('product source files', () => {
  it(`are at most ${MAX_LINES} lines, or say in their first lines why ("Long because")`, () => {
    const files = productSources();
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files.flatMap((file) => {
      const lines = readFileSync(join(repoRoot, file), 'utf8').split('\n');
      const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
      if (count <= MAX_LINES) return [];
      const explained = lines.slice(0, REASON_WITHIN_LINES).some((line) => /Long because/.test(line));
      return explained ? [] : [`${file}: ${count} lines`];
    });
    expect(tooLong).toEqual([]);
  });
});
