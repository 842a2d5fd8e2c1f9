import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, posix, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { jsonText } from '../generate/json-text.js';
import type { OutputRoot } from '../generate/output-root.js';
import { failure, type Result, success } from '../result.js';
import { isContainedPath } from '../source/contained-path.js';
import { readPackageText } from '../source/read-package-file.js';
import { type JsonPath, type PathTarget, SourceFile } from '../source/source-file.js';
import { listTree, type TreeEntry } from './read-tree.js';

/** The manifest's file name in the cache folder: which files each owned folder got, last time. */
export const outputManifestFile = 'outputs.json';

/**
 * The manifest's format: 2 records the SHA-256 of each file written. Names alone prove nothing (a
 * package could ship a manifest claiming any file), so a manifest of another format is not trusted.
 */
export const outputManifestFormat = 2;

/** Files that may sit in an owned folder without being ours (a fresh Strapi app has them). */
const tolerated = new Set(['.gitkeep']);

/** Owned folder (relative to the package root) → file (relative to the folder) → SHA-256 of its bytes. */
type Manifest = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The SHA-256 (hex) of a file's bytes, or of the UTF-8 bytes of a text about to be written. */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A folder key as generate writes it: normalized, relative (`..` only when a flag named a folder outside). */
function isFolderKey(dir: string): boolean {
  return (
    dir !== '' &&
    !dir.includes('\\') &&
    !dir.includes('\0') &&
    !posix.isAbsolute(dir) &&
    posix.normalize(dir) === dir &&
    !dir.endsWith('/')
  );
}

/** The manifest as written, or the reason it cannot be trusted (located in its text). */
function parseManifest(file: SourceFile): Result<Manifest, Diagnostic> {
  const remedy =
    'catalog-schema did not write this manifest: delete it (files that hold exactly what generate writes are then adopted)';
  const invalid = (at: JsonPath, what: string, target: PathTarget = 'value') =>
    failure(file.diagnostic(at, 'output-manifest-invalid', `${what}; ${remedy}`, target));
  if (file.syntaxError) return failure({ ...file.syntaxError, code: 'output-manifest-invalid', message: remedy });
  const data = file.data;
  if (!isRecord(data) || data.format !== outputManifestFormat) {
    return invalid(['format'], `not a format ${outputManifestFormat} manifest (a SHA-256 per file)`);
  }
  if (!isRecord(data.folders)) return invalid(['folders'], '"folders" must be an object');
  const manifest = new Map<string, Map<string, string>>();
  for (const [dir, files] of Object.entries(data.folders)) {
    if (!isFolderKey(dir)) return invalid(['folders', dir], `"${dir}" is not a folder path`, 'key');
    if (!isRecord(files)) return invalid(['folders', dir], `"${dir}" must map files to their SHA-256`);
    const hashes = new Map<string, string>();
    for (const [path, hash] of Object.entries(files)) {
      // Never a path that leaves its folder: `..`, absolute, empty or `.` segments.
      if (!isContainedPath(path)) return invalid(['folders', dir, path], `"${path}" leaves ${dir}`, 'key');
      if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) {
        return invalid(['folders', dir, path], `the hash of "${path}" is not a SHA-256`);
      }
      hashes.set(path, hash);
    }
    manifest.set(dir, hashes);
  }
  return success(manifest);
}

/**
 * The outputs with the cache folder among them whenever a folder is replaced, since the manifest
 * there must record what the run writes: a command that does not write the cache (generate:types)
 * gets it as a `merge` folder, so only the manifest changes there.
 */
export function withManifestFolder(outputs: readonly OutputRoot[], cacheDir: string): OutputRoot[] {
  const replaces = outputs.some((output) => output.mode === 'replace');
  if (!replaces || outputs.some((output) => output.dir === cacheDir)) return [...outputs];
  return [...outputs, { dir: cacheDir, files: new Map(), mode: 'merge' }];
}

async function readManifest(root: string, cacheDir: string): Promise<Result<Manifest, Diagnostic>> {
  const path = posix.join(cacheDir, outputManifestFile);
  const read = await readPackageText(root, path, { outside: 'allow' });
  if (read === undefined) return success(new Map());
  if (!read.ok) return failure({ ...read.error, code: 'output-manifest-invalid' });
  return parseManifest(new SourceFile(path, read.value));
}

function foreignEntry(dir: string, entry: TreeEntry, message: string): Diagnostic {
  return { path: posix.join(dir, entry.path), line: 1, column: 1, code: 'output-foreign', message };
}

/** What is wrong with one regular file of a replaced folder, or undefined when it is ours or adopted. */
function ownership(
  output: OutputRoot,
  entry: TreeEntry,
  bytes: Buffer,
  recorded: string | undefined,
): string | undefined {
  // Ours only when its bytes are what an earlier run recorded: a manifest names files, the hash
  // proves that the file there now is the one written.
  if (recorded !== undefined && recorded === contentHash(bytes)) return undefined;
  const planned = output.files.get(entry.path);
  // A file at a path this run writes that holds exactly what would be written is adopted (a first
  // run, or a lost manifest); otherwise it is someone's work and is never overwritten.
  if (planned !== undefined && bytes.equals(Buffer.from(planned))) return undefined;
  if (recorded !== undefined) return 'changed since catalog-schema wrote it (or not written by it): move it elsewhere';
  return planned === undefined
    ? `not written by catalog-schema, and ${output.dir} is a folder generate replaces: move it elsewhere`
    : 'not written by catalog-schema and differs from what generate writes there: move it elsewhere';
}

/**
 * Guards the folders generate writes: in a folder it replaces, a file that no earlier run provably
 * wrote (its SHA-256 in the manifest) is someone's own work, unless it is byte for byte what this
 * run writes at that path (adopted); a symbolic link or other special entry is never ours, in any
 * output folder. For each, nothing is written and it is reported (`output-foreign`); a manifest
 * that catalog-schema did not write stops the run too (`output-manifest-invalid`). Returns the
 * outputs with the new manifest added to the cache folder, which `outputs` must hold when a folder
 * is replaced (withManifestFolder); entries of folders this run does not write are kept.
 */
export async function guardOwnedFolders(
  root: string,
  cacheDir: string,
  outputs: readonly OutputRoot[],
): Promise<{ outputs: OutputRoot[]; foreign: Diagnostic[] }> {
  const previous = await readManifest(root, cacheDir);
  // A manifest catalog-schema did not write is reported alone: judged against no manifest, every
  // earlier output would be reported as foreign too.
  const manifestTrusted = previous.ok;
  const trusted: Manifest = previous.ok ? previous.value : new Map();
  const foreign: Diagnostic[] = previous.ok ? [] : [previous.error];
  const folders = new Map(trusted);
  for (const output of outputs) {
    const dir = resolve(root, output.dir);
    const entries = await listTree(dir);
    for (const entry of entries) {
      if (entry.kind !== 'file') {
        const what = entry.kind === 'link' ? 'a symbolic link' : 'not a regular file';
        foreign.push(
          foreignEntry(output.dir, entry, `${what} in ${output.dir}, a folder generate writes: move it elsewhere`),
        );
      }
    }
    if (output.mode === 'replace' && manifestTrusted) {
      const known = trusted.get(output.dir) ?? new Map<string, string>();
      const files = entries.filter(
        (entry) =>
          entry.kind === 'file' &&
          !tolerated.has(posix.basename(entry.path)) &&
          !(output.dir === cacheDir && entry.path === outputManifestFile),
      );
      const contents = await Promise.all(files.map((entry) => readFile(join(dir, entry.path))));
      files.forEach((entry, position) => {
        const bytes = contents[position] ?? Buffer.alloc(0);
        const problem = ownership(output, entry, bytes, known.get(entry.path));
        if (problem) foreign.push(foreignEntry(output.dir, entry, problem));
      });
    }
    if (output.mode === 'replace') {
      const written = [...output.files].map(([file, text]) => [file, contentHash(text)] as const);
      folders.set(output.dir, new Map(written.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
    }
  }
  const sorted = [...folders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const manifest = jsonText({
    format: outputManifestFormat,
    folders: Object.fromEntries(sorted.map(([dir, files]) => [dir, Object.fromEntries(files)])),
  });
  const withManifest = outputs.map((output) =>
    output.dir === cacheDir ? { ...output, files: new Map([...output.files, [outputManifestFile, manifest]]) } : output,
  );
  return { outputs: withManifest, foreign };
}
