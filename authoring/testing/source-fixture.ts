import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildComponentLock, serializeComponentLock } from '../model/component-lock.js';
import { parseSchemaPackage } from '../parse/parse-schema-package.js';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import { SourceFile } from '../source/source-file.js';
import { type SotName, sotNames, sotPath, sourceLayout } from '../source/source-layout.js';
import { type ValidatedPackage, validateFiles } from '../validate/validate-schema-package.js';
import { referenceSotDir } from './temp-package.js';

/** A source file's content: an object (written as two-space JSON) or the exact text. */
export type FixtureContent = Record<string, unknown> | string;

/** The sources of an in-memory schema package; paths below src/source/components and collections. */
export interface SourceFixture {
  readonly components?: Readonly<Record<string, FixtureContent>>;
  readonly collections?: Readonly<Record<string, FixtureContent>>;
  readonly version?: FixtureContent | null;
  /** `auto` (default): the lock that matches the components; null: no lock file. */
  readonly lock?: FixtureContent | 'auto' | null;
  readonly sot?: Partial<Record<SotName, FixtureContent | null>>;
}

const text = (content: FixtureContent) =>
  typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`;

/** A component file object with the right `$schema` (for files at components/<category>/<name>.json). */
export function componentSource(id: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { $schema: '../../../sot/component.schema.json', id, ...extra, fields };
}

/** A collection file object with the right `$schema` (for files at collections/<id>.json). */
export function collectionSource(id: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { $schema: '../../sot/collection.schema.json', id, ...extra, fields };
}

/** Builds the files of an in-memory schema package (no disk), with the reference sot schemas. */
export function sourceFiles(fixture: SourceFixture): SchemaPackageFiles {
  const list = (dir: string, entries: Readonly<Record<string, FixtureContent>> = {}) =>
    Object.entries(entries)
      .map(([path, content]) => new SourceFile(`${dir}/${path}`, text(content)))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  const sot = new Map<SotName, SourceFile>();
  for (const name of sotNames) {
    const override = fixture.sot?.[name];
    if (override === null) continue;
    const content = override ?? readFileSync(join(referenceSotDir, `${name}.schema.json`), 'utf8');
    sot.set(name, new SourceFile(sotPath(name), text(content)));
  }
  const version =
    fixture.version === null
      ? undefined
      : new SourceFile(
          sourceLayout.versionFile,
          text(fixture.version ?? { $schema: '../sot/version.schema.json', version: '1.0.0' }),
        );
  const files: SchemaPackageFiles = {
    root: '/fixture',
    version,
    lock: undefined,
    components: list(sourceLayout.componentsDir, fixture.components),
    collections: list(sourceLayout.collectionsDir, fixture.collections),
    sot,
  };
  const lock = fixture.lock === undefined ? 'auto' : fixture.lock;
  if (lock === null) return files;
  const lockText =
    lock === 'auto' ? serializeComponentLock(buildComponentLock(parseSchemaPackage(files).model)) : text(lock);
  return { ...files, lock: new SourceFile(sourceLayout.lockFile, lockText) };
}

/** Validates an in-memory package. */
export function validateFixture(fixture: SourceFixture): ValidatedPackage {
  return validateFiles(sourceFiles(fixture));
}

/** The diagnostics of an in-memory package as `path:line:column code` strings (no messages). */
export function diagnosticsOf(fixture: SourceFixture): string[] {
  return validateFixture(fixture).diagnostics.map((d) => `${d.path}:${d.line}:${d.column} ${d.code}`);
}
