import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

afterEach(removeTempDirs);

async function run(root: string, args: string[]) {
  const { io, stdout } = memoryIo(root);
  const code = await runCli(args, io);
  return { code, out: stdout() };
}

/** A valid meta of the example's variant hero1 (category hero). */
const heroMeta = {
  key: 'hero:hero1',
  name: 'hero1',
  category: 'hero',
  type: 'dynamic-zone',
  kind: 'component',
  description: 'A large title.',
  previewImage: 'https://cdn.example.com/previews/hero1.png',
  tags: ['hero'],
  props: { cmp_variant: 'hero1' },
  schema: { type: 'object', required: ['cmp_variant'], properties: { cmp_variant: { type: 'string' } } },
  availability: { plans: ['free', 'pro'] },
};

async function addVariant(root: string, dir: string, variant: string, meta: unknown): Promise<void> {
  await mkdir(join(root, dir, `ui-${variant}`), { recursive: true });
  await writeFile(
    join(root, dir, `ui-${variant}`, 'package.json'),
    JSON.stringify({ name: `@acme/ui-${variant}`, version: '1.0.0' }),
  );
  await writeFile(join(root, dir, `ui-${variant}`, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
}

describe('validate: variant metas', () => {
  it('prints the summary unchanged when there is no packages folder', async () => {
    const root = await copyExamplePackage();
    expect(await run(root, ['validate'])).toEqual({ code: 0, out: 'valid: 12 components, 5 collections\n' });
  });

  it('counts the variants when there are some', async () => {
    const root = await copyExamplePackage();
    await addVariant(root, 'packages', 'hero1', heroMeta);
    expect(await run(root, ['validate'])).toEqual({
      code: 0,
      out: 'valid: 12 components, 5 collections, 1 variant\n',
    });
  });

  it('reads the packages folder the config names', async () => {
    const root = await copyExamplePackage();
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ packages: 'ui' }));
    await addVariant(root, 'ui', 'hero1', { ...heroMeta, kind: 'page' });
    const { code, out } = await run(root, ['validate']);
    expect(code).toBe(1);
    expect(out).toContain('ui/ui-hero1/meta.json:6:11 meta-kind-invalid "kind" must be "component"\n');
  });

  it('reports meta failures with the source layers, all at once, exit 1', async () => {
    const root = await copyExamplePackage();
    await writeFile(join(root, 'src/source/components/hero/hero1.json'), '{');
    await addVariant(root, 'packages', 'hero1', { ...heroMeta, category: 'nope' });
    const { code, out } = await run(root, ['validate']);
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines.some((line) => line.startsWith('src/source/components/hero/hero1.json:1:2 json-invalid'))).toBe(true);
    expect(lines).toContain(
      'packages/ui-hero1/meta.json:4:15 meta-category-invalid "category" must be a category of the components (known: cards, content, form, hero, interactive, navigation, shared)',
    );
  });

  it('reports a meta type that the sources contradict: global for a component a dynamic zone accepts, and back', async () => {
    const root = await copyExamplePackage();
    await addVariant(root, 'packages', 'hero1', { ...heroMeta, type: 'global' });
    const wrong = await run(root, ['validate']);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain(
      'packages/ui-hero1/meta.json:5:11 meta-type-invalid "type" must be "dynamic-zone": a dynamic zone accepts hero.hero1 (registry:global says so too)\n',
    );
    // hero2 exists in no dynamic zone: "dynamic-zone" is wrong for it.
    await writeFile(
      join(root, 'src/source/components/hero/hero2.json'),
      JSON.stringify({ id: 'hero.hero2', fields: { cmp_variant: 'string!' } }),
    );
    expect((await run(root, ['lock:components'])).code).toBe(0);
    await addVariant(root, 'packages', 'hero1', heroMeta);
    await addVariant(root, 'packages', 'hero2', {
      ...heroMeta,
      key: 'hero:hero2',
      name: 'hero2',
      props: { cmp_variant: 'hero2' },
    });
    const other = await run(root, ['validate', '--format', 'json']);
    const codes = JSON.parse(other.out).diagnostics.map(
      (d: { path: string; code: string; message: string }) => `${d.path} ${d.code} ${d.message}`,
    );
    expect(codes).toEqual([
      'packages/ui-hero2/meta.json meta-type-invalid "type" must be "global": no dynamic zone accepts hero.hero2 (registry:global says so too)',
    ]);
  });
});
