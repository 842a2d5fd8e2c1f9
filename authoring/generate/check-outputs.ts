import { posix, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OutputRoot } from './output-root.js';
import { readTree } from './read-tree.js';

/** The 1-based line of the first difference between two texts. */
function firstDifferentLine(actual: string, expected: string): number {
  const a = actual.split('\n');
  const b = expected.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line += 1;
  return line + 1;
}

/**
 * `--check`: compares the outputs on disk with what would be written, without writing. Each stale
 * file is a diagnostic at its first differing line; missing and (in replaced folders) extra files too.
 */
export async function checkOutputs(root: string, outputs: readonly OutputRoot[]): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const output of outputs) {
    const existing = await readTree(resolve(root, output.dir));
    for (const [file, text] of output.files) {
      const path = posix.join(output.dir, file);
      const actual = existing.get(file);
      if (actual === undefined) {
        diagnostics.push({
          path,
          line: 1,
          column: 1,
          code: 'output-missing',
          message: 'not generated yet: run the command without --check',
        });
      } else if (actual !== text) {
        diagnostics.push({
          path,
          line: firstDifferentLine(actual, text),
          column: 1,
          code: 'output-outdated',
          message: 'out of date: run the command without --check',
        });
      }
    }
    if (output.mode === 'replace') {
      for (const file of existing.keys()) {
        if (!output.files.has(file)) {
          diagnostics.push({
            path: posix.join(output.dir, file),
            line: 1,
            column: 1,
            code: 'output-extra',
            message: 'not generated from the source: the command removes it',
          });
        }
      }
    }
  }
  return diagnostics;
}
