import { posix, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OutputRoot } from '../generate/output-root.js';
import { listTree, readTree } from './read-tree.js';

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
    const dir = resolve(root, output.dir);
    const existing = await readTree(dir);
    for (const [file, text] of output.files) {
      const path = posix.join(output.dir, file);
      const bytes = existing.get(file);
      if (bytes === undefined) {
        diagnostics.push({
          path,
          line: 1,
          column: 1,
          code: 'output-missing',
          message: 'not generated yet: run the command without --check',
        });
      } else if (!bytes.equals(Buffer.from(text))) {
        diagnostics.push({
          path,
          line: firstDifferentLine(bytes.toString('utf8'), text),
          column: 1,
          code: 'output-outdated',
          message: 'out of date: run the command without --check',
        });
      }
    }
    if (output.mode === 'replace') {
      // Every entry, links included: replacing the folder removes them all.
      for (const { path: file } of await listTree(dir)) {
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
