import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PackageSpec } from './package-spec.js';

/** authoring/sot: the reference validation schemas a package keeps a copy of in src/sot/. */
const referenceSotDir = fileURLToPath(new URL('../../../authoring/sot/', import.meta.url));

/** The source files of a package spec (path below the package root → JSON text), without src/sot. */
export function packageFiles(spec: PackageSpec): Map<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const files = new Map<string, string>([
    ['catalog-schema.config.json', json({ cms: 'cms', language: spec.language })],
    ['src/source/version.json', json({ version: '1.0.0' })],
  ]);
  const fields = (list: PackageSpec['components'][number]['fields']) =>
    Object.fromEntries(list.map((field) => [field.name, field.source]));
  for (const component of spec.components) {
    files.set(`src/source/${component.file}`, json({ id: component.id, fields: fields(component.fields) }));
  }
  for (const collection of spec.collections) {
    files.set(
      `src/source/${collection.file}`,
      json({
        id: collection.id,
        mode: collection.mode,
        draft: collection.draft,
        i18n: collection.i18n,
        fields: fields(collection.fields),
      }),
    );
  }
  return files;
}

/** Copies the reference validation schemas into the package's src/sot/. */
export function copyReferenceSot(root: string): Promise<void> {
  return cp(referenceSotDir, join(root, 'src', 'sot'), { recursive: true });
}

/** Writes the package into `root` (an empty folder), src/sot copied from authoring/sot. */
export async function writePackageFiles(root: string, files: ReadonlyMap<string, string>): Promise<void> {
  for (const [path, text] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  await copyReferenceSot(root);
}

/** The files as one printable block (the config and src/source/, one JSON line each), for a failure message and the findings report. */
export function printPackage(files: ReadonlyMap<string, string>): string {
  return [...files]
    .filter(
      ([path]) =>
        path === 'catalog-schema.config.json' || (path.startsWith('src/source/') && path !== 'src/source/version.json'),
    )
    .map(([path, text]) => `${path.replace(/^src\/source\//, '')}: ${JSON.stringify(JSON.parse(text))}`)
    .join('\n');
}
