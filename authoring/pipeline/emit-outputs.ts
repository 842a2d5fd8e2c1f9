import { sortDiagnostics } from '../diagnostics/diagnostic.js';
import type { OutputRoot } from '../generate/output-root.js';
import { checkOutputFolders } from '../write/check-output-folders.js';
import { checkOutputs } from '../write/check-outputs.js';
import { guardOwnedFolders, withManifestFolder } from '../write/output-manifest.js';
import { writeOutputs } from '../write/write-outputs.js';
import type { CommandContext } from './command-context.js';
import { type CommandResult, failed } from './command-result.js';

/**
 * Writes the planned outputs atomically (with the output manifest when the cache folder is among
 * them), refusing when an output folder's place is wrong (a file in the way, a link out of the
 * package) or an owned folder holds files that are not ours; or, with `check`, compares them with
 * the disk (exit 1 when out of date).
 */
export async function emitOutputs(
  context: CommandContext,
  planned: readonly OutputRoot[],
  check: boolean,
  what: string,
): Promise<CommandResult> {
  const folders = withManifestFolder(planned, context.config.cache);
  // Folders in the way, or leading out of the package, stop --check and a write alike.
  const misplaced = await checkOutputFolders(context.root, folders);
  if (misplaced.length > 0) return failed(misplaced, `${what} refused, nothing written`);
  const { outputs, foreign } = await guardOwnedFolders(context.root, context.config.cache, folders);
  const count = outputs.reduce((sum, output) => sum + output.files.size, 0);
  const files = count === 1 ? '1 file' : `${count} files`;
  if (check) {
    // What a write would refuse is reported as such, not as a file the command would replace.
    const refused = new Set(foreign.map((diagnostic) => diagnostic.path));
    const stale = (await checkOutputs(context.root, outputs)).filter((diagnostic) => !refused.has(diagnostic.path));
    const diagnostics = sortDiagnostics([...foreign, ...stale]);
    if (diagnostics.length > 0) return failed(diagnostics, `${what} out of date`);
    return { ok: true, diagnostics: [], summary: `${what} up to date (${files})`, written: [] };
  }
  if (foreign.length > 0) return failed(foreign, `${what} refused, nothing written`);
  await writeOutputs(context.root, outputs, context.fs);
  return {
    ok: true,
    diagnostics: [],
    summary: `${what}: wrote ${files}`,
    written: outputs.map((output) => output.dir),
  };
}
