/**
 * One folder the generator owns, with the files it must hold (path relative to the folder →
 * content). `replace`: the folder holds exactly these files afterwards; `merge`: other files
 * already there are kept (registries, written by separate commands).
 */
export interface OutputRoot {
  /** The folder, relative to the schema package root (for messages and --check). */
  readonly dir: string;
  readonly files: ReadonlyMap<string, string>;
  readonly mode: 'replace' | 'merge';
}
