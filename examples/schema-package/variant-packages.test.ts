import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../authoring/cli/run-cli.js';
import { memoryIo } from '../../authoring/testing/memory-io.js';
import { copyExamplePackage, examplePackageDir, removeTempDirs } from '../../authoring/testing/temp-package.js';

// The playground's catalog is this package's variants (docs/playground.md "One example"): every
// component a dynamic zone lists has its variant package, and each package says what the sources
// say. registry:global derives, from the sources, each component's default props and the JSON
// Schema of its props; the packages are checked against it.

interface RegistryComponent {
  readonly key: string;
  readonly name: string;
  readonly category: string;
  readonly type: 'dynamic-zone' | 'global';
  readonly schema: { readonly properties: Record<string, unknown> };
}

const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
const packagesDir = join(examplePackageDir, 'packages');
const VARIANTS = ['callout1', 'cards1', 'counter1', 'cta1', 'features1', 'form1', 'hero1'];

let registry: Record<string, RegistryComponent>;
beforeAll(async () => {
  const root = await copyExamplePackage();
  const { io } = memoryIo(root);
  expect(await runCli(['registry:global'], io)).toBe(0);
  registry = ((await readJson(join(root, 'generated/registries/global.json'))) as { components: typeof registry })
    .components;
  await removeTempDirs();
});
afterEach(removeTempDirs);

describe('the variant packages of the example schema package', () => {
  it('are exactly the components that a dynamic zone lists', async () => {
    const folders = (await readdir(packagesDir)).filter((name) => name.startsWith('ui-')).sort();
    const inZones = Object.values(registry)
      .filter((component) => component.type === 'dynamic-zone')
      .map((component) => `ui-${component.name}`)
      .sort();
    expect(folders).toEqual(inZones);
    expect(folders).toEqual(VARIANTS.map((variant) => `ui-${variant}`));
  });

  it.each(VARIANTS)('%s: data.json, meta.json and puck.json say what the component source says', async (variant) => {
    const dir = join(packagesDir, `ui-${variant}`);
    const component = Object.values(registry).find((candidate) => candidate.name === variant)!;
    const [pkg, data, meta, puck] = await Promise.all(
      ['package.json', 'data.json', 'meta.json', 'puck.json'].map((file) => readJson(join(dir, file))),
    );
    expect(pkg!.name).toBe(`@acme/ui-${variant}`);
    expect(data!.cmp_variant).toBe(variant);
    // Every default prop is a field of the component; meta's props are data.json; its schema is the registry's.
    const fields = Object.keys(component.schema.properties);
    expect(Object.keys(data!).filter((prop) => !fields.includes(prop))).toEqual([]);
    expect(meta).toMatchObject({
      key: component.key,
      name: variant,
      category: component.category,
      type: 'dynamic-zone',
      props: data,
      schema: component.schema,
    });
    // The editor's fields are fields of the component (cmp_variant is set once, by data.json).
    const edited = Object.keys((puck!.properties ?? {}) as Record<string, unknown>);
    expect(edited.filter((prop) => !fields.includes(prop) || prop === 'cmp_variant')).toEqual([]);
  });
});
