import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { validEditorSchema } from '../../testing/editor-schema-fixture.js';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, readFiles, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

afterEach(removeTempDirs);

async function writeSchema(root: string, path: string, schema: unknown): Promise<void> {
  const file = join(root, 'src/editor-schemas', path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, typeof schema === 'string' ? schema : JSON.stringify(schema, null, 2));
}

/** Type-checks the generated folder with the TypeScript compiler (JSON modules, import attributes). */
function typeErrors(dir: string): string[] {
  const program = ts.createProgram([join(dir, 'index.ts')], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    strict: true,
    noEmit: true,
    types: [],
    lib: ['lib.es2022.d.ts'],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('generate:editor-schemas', () => {
  it('writes the loader map and the schemas; the module type-checks and loads', async () => {
    const root = await copyExamplePackage();
    await writeSchema(root, 'hero/hero1.json', validEditorSchema);
    await writeSchema(root, 'cards/cards1.json', { ...validEditorSchema, title: "Cards 'one'" });
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate:editor-schemas'], io)).toBe(0);
    expect(stdout()).toBe('generate:editor-schemas: wrote 4 files\n');
    const dir = join(root, 'generated/editor-schemas');
    const files = await readFiles(dir);
    expect([...files.keys()]).toEqual(['cards/cards1.json', 'hero/hero1.json', 'index.ts']);
    expect(files.get('index.ts')).toContain(
      "  'hero:hero1': () => import('./hero/hero1.json', { with: { type: 'json' } }),\n",
    );
    expect(typeErrors(dir)).toEqual([]);
    expect(JSON.parse(files.get('hero/hero1.json')!)).toEqual(validEditorSchema);
    // Up to date afterwards; validate counts the schemas.
    expect(await runCli(['generate:editor-schemas', '--check'], memoryIo(root).io)).toBe(0);
    const validate = memoryIo(root);
    expect(await runCli(['validate'], validate.io)).toBe(0);
    expect(validate.stdout()).toBe('valid: 12 components, 5 collections, 2 editor schemas\n');
  });

  it('--dry-run and --check write nothing', async () => {
    const root = await copyExamplePackage();
    await writeSchema(root, 'hero/hero1.json', validEditorSchema);
    const before = await snapshotTree(root);
    const dry = memoryIo(root);
    expect(await runCli(['generate:editor-schemas', '--dry-run'], dry.io)).toBe(0);
    expect(dry.stdout()).toBe('generate:editor-schemas: would write 2 files (dry run)\n');
    expect(await runCli(['generate:editor-schemas', '--check'], memoryIo(root).io)).toBe(1);
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('refuses a $ref that does not resolve, and a second schema for a variant, writing nothing', async () => {
    const root = await copyExamplePackage();
    await writeSchema(root, 'hero/hero1.json', validEditorSchema);
    expect(await runCli(['generate:editor-schemas'], memoryIo(root).io)).toBe(0);
    const broken = structuredClone(validEditorSchema);
    broken.properties.items.items.$ref = '#/definitions/nope';
    broken.definitions.button.properties.target.enum.push('_top');
    await writeSchema(root, 'hero/hero2.json', broken);
    await writeSchema(root, 'cards/hero1.json', validEditorSchema);
    const before = await snapshotTree(root);
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate:editor-schemas', '--format', 'json'], io)).toBe(1);
    const result = JSON.parse(stdout()) as {
      diagnostics: { path: string; line: number; column: number; code: string }[];
    };
    expect(result.diagnostics.map((d) => `${d.path}:${d.line}:${d.column} ${d.code}`)).toEqual([
      'src/editor-schemas/cards/hero1.json:1:1 editor-schema-duplicate',
      'src/editor-schemas/hero/hero2.json:17:17 editor-schema-ref-unresolved',
      'src/editor-schemas/hero/hero2.json:29:5 editor-schema-definition-unused',
      'src/editor-schemas/hero/hero2.json:49:13 editor-schema-button-target',
    ]);
    expect(await snapshotTree(root)).toEqual(before);
    // validate reports the same problems.
    expect(await runCli(['validate'], memoryIo(root).io)).toBe(1);
  });

  it('without a loader map yet, keeps the first schema of a variant by path and refuses the later', async () => {
    const root = await copyExamplePackage();
    await writeSchema(root, 'hero/hero1.json', validEditorSchema);
    await writeSchema(root, 'cards/hero1.json', validEditorSchema);
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate:editor-schemas', '--format', 'json'], io)).toBe(1);
    const result = JSON.parse(stdout()) as { diagnostics: { path: string; code: string }[]; written: string[] };
    expect(result.diagnostics.map((d) => `${d.path} ${d.code}`)).toEqual([
      'src/editor-schemas/hero/hero1.json editor-schema-duplicate',
    ]);
    expect(result.written).toEqual([]);
  });

  it('reports a file that is not JSON or not at <category>/<variant>.json', async () => {
    const root = await copyExamplePackage();
    await writeSchema(root, 'hero/hero1.json', '{"title": ');
    await writeSchema(root, 'loose.json', validEditorSchema);
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['validate', '--format', 'json'], io)).toBe(1);
    const result = JSON.parse(stdout()) as { diagnostics: { path: string; code: string }[] };
    expect(result.diagnostics.map((d) => `${d.path} ${d.code}`)).toEqual([
      'src/editor-schemas/hero/hero1.json json-invalid',
      'src/editor-schemas/loose.json editor-schema-path-invalid',
    ]);
  });

  it('leaves the example package (no editor schemas) as it was', async () => {
    const root = await copyExamplePackage();
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['validate'], io)).toBe(0);
    expect(stdout()).toBe('valid: 12 components, 5 collections\n');
  });
});
