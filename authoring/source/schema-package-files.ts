import type { SourceFile } from './source-file.js';
import type { SotName } from './source-layout.js';

/** Every source file of a schema package, read once (spec 4.4 source layout). */
export interface SchemaPackageFiles {
  /** Absolute path of the schema package root. */
  readonly root: string;
  readonly version: SourceFile | undefined;
  readonly lock: SourceFile | undefined;
  /** Component files, sorted by path. */
  readonly components: readonly SourceFile[];
  /** Collection files, sorted by path. */
  readonly collections: readonly SourceFile[];
  readonly sot: ReadonlyMap<SotName, SourceFile>;
}
