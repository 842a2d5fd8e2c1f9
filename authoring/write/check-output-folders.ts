import type { Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import type { OutputRoot } from '../generate/output-root.js';
import { isInside } from '../source/contained-path.js';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function statOf(path: string, follow: boolean): Promise<Stats | undefined> {
  try {
    return await (follow ? stat(path) : lstat(path));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The real path `path` will have: its deepest existing ancestor resolved, the rest appended. */
async function futureRealPath(path: string): Promise<string> {
  const rest: string[] = [];
  for (let current = path; ; current = dirname(current)) {
    try {
      return join(await realpath(current), ...rest.reverse());
    } catch (error) {
      if (!isMissing(error) || dirname(current) === current) throw error;
      rest.push(relative(dirname(current), current));
    }
  }
}

const diagnostic = (path: string, code: DiagnosticCode, message: string): Diagnostic => ({
  path,
  line: 1,
  column: 1,
  code,
  message,
});

/** What is wrong with one output folder's place, if anything. */
async function folderProblem(root: string, realRoot: string, output: OutputRoot): Promise<Diagnostic | undefined> {
  const target = resolve(root, output.dir);
  const self = await statOf(target, false);
  if (self?.isSymbolicLink()) {
    const message =
      'is a symbolic link: generate replaces the folder, which would replace the link; name the real folder';
    return diagnostic(output.dir, 'output-not-folder', message);
  }
  if (self && !self.isDirectory()) {
    return diagnostic(output.dir, 'output-not-folder', 'is a file where generate writes a folder: move it elsewhere');
  }
  if (!self) {
    for (let parent = dirname(target); ; parent = dirname(parent)) {
      const found = await statOf(parent, true);
      if (found && !found.isDirectory()) {
        const path = relative(root, parent).split(sep).join('/') || '.';
        const message = `is a file where generate needs a folder (for ${output.dir}): move it elsewhere`;
        return diagnostic(path, 'output-not-folder', message);
      }
      if (found || dirname(parent) === parent) break;
    }
  }
  // A folder named inside the package must be inside it once symbolic links are followed; a folder
  // outside it can only be named by a flag (load-authoring-config refuses it in the config file).
  if (isInside(root, target)) {
    const real = await futureRealPath(target);
    if (!isInside(realRoot, real)) {
      const message = `leads outside the schema package (to ${real}): generate writes there only when a flag names it`;
      return diagnostic(output.dir, 'path-outside-package', message);
    }
  }
  return undefined;
}

/**
 * Where each output folder goes, before anything is written: a folder, or nothing yet below
 * folders (`output-not-folder` for a file or a symbolic link in the way, which replacing the
 * folder would delete); inside the package by its real path when it is named inside it
 * (`path-outside-package`). One diagnostic per path.
 */
export async function checkOutputFolders(root: string, outputs: readonly OutputRoot[]): Promise<Diagnostic[]> {
  const realRoot = await realpath(root);
  const found = new Map<string, Diagnostic>();
  for (const output of outputs) {
    const problem = await folderProblem(root, realRoot, output);
    if (problem && !found.has(problem.path)) found.set(problem.path, problem);
  }
  return [...found.values()];
}
