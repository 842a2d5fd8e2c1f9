import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import { failure, type Result, success } from '../result.js';
import { isInside } from './contained-path.js';
import { decodeUtf8 } from './decode-utf8.js';

/**
 * The largest source file read (4 MiB). Real ones are far smaller (a component with Postgres's
 * limit of 1,600 columns is under 200 KB; the lock of 10,000 components about 1.5 MB); the cap
 * keeps a runaway file from costing seconds and hundreds of MB before it is reported.
 */
export const maxSourceFileBytes = 4 * 1024 * 1024;

/** The codes of a file that cannot be read as text at all: it stands for nothing in the model. */
export const unreadableFileCodes: ReadonlySet<DiagnosticCode> = new Set([
  'file-unreadable',
  'file-too-large',
  'file-not-utf8',
  'path-outside-package',
]);

/** A file's text, or why it cannot be read (a diagnostic at the file, or at its first non-UTF-8 byte). */
export type PackageText = Result<string, Diagnostic>;

/** How readPackageText treats a file. */
export interface ReadPackageTextOptions {
  /** Files larger than this are refused (`file-too-large`); default: no limit. */
  readonly maxBytes?: number;
  /**
   * `refuse` (default): a file whose real path (symbolic links followed) leaves the package root is
   * refused (`path-outside-package`); `allow`: for files a flag may place outside.
   */
  readonly outside?: 'refuse' | 'allow';
  /** The package root with its symbolic links resolved, when the caller has it (many files, one realpath). */
  readonly realRoot?: string;
}

const problem = (path: string, code: DiagnosticCode, message: string): PackageText =>
  failure({ path, line: 1, column: 1, code, message });

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Reads the file at `path` (relative to the package root) as UTF-8 text: undefined when there is
 * no such file; a problem when it is a folder or not a regular file, larger than `maxBytes`, not
 * UTF-8 (a fatal decoder: never U+FFFD in place of bytes), unreadable, or, by its real path,
 * outside the package.
 */
export async function readPackageText(
  root: string,
  path: string,
  options: ReadPackageTextOptions = {},
): Promise<PackageText | undefined> {
  let absolute = resolve(root, path);
  if (options.outside !== 'allow') {
    try {
      // The real path is what is opened below, so what was checked is what is read.
      absolute = await realpath(absolute);
    } catch (error) {
      if (isMissing(error)) return undefined;
      return problem(path, 'file-unreadable', `cannot be read: ${(error as Error).message}`);
    }
    if (!isInside(options.realRoot ?? (await realpath(root)), absolute)) {
      return problem(
        path,
        'path-outside-package',
        `leads outside the schema package (to ${absolute}): copy the file in`,
      );
    }
  }
  let bytes: Buffer;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; a regular file reads as usual.
    const handle = await open(absolute, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const stat = await handle.stat();
      if (stat.isDirectory()) return problem(path, 'file-unreadable', 'is a folder, not a file');
      if (!stat.isFile()) return problem(path, 'file-unreadable', 'is not a regular file');
      if (options.maxBytes !== undefined && stat.size > options.maxBytes) {
        const size = `${(stat.size / 1024 / 1024).toFixed(1)} MiB`;
        return problem(path, 'file-too-large', `${size}, more than ${options.maxBytes / 1024 / 1024} MiB`);
      }
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (isMissing(error)) return undefined;
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      return problem(path, 'file-unreadable', 'is a folder, not a file');
    return problem(path, 'file-unreadable', `cannot be read: ${(error as Error).message}`);
  }
  const decoded = decodeUtf8(bytes);
  if (decoded.ok) return success(decoded.value);
  const { line, column, byte } = decoded.error;
  const hex = byte.toString(16).toUpperCase().padStart(2, '0');
  return failure({
    path,
    line,
    column,
    code: 'file-not-utf8',
    message: `not UTF-8 (byte 0x${hex} here): save the file as UTF-8`,
  });
}
