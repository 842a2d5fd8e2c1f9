import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PublishStack, startPublishStack } from '../../../testing/publish/publish-stack.js';
import { loadAuthoringConfig } from '../../config/load-authoring-config.js';
import { memoryIo } from '../../testing/memory-io.js';
import { publishStackEnv } from '../../testing/publish-stack-env.js';
import { copyExamplePackage, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { nodeOutputFileSystem } from '../../write/output-file-system.js';
import { reportResult } from '../report.js';
import { runCli } from '../run-cli.js';
import { diffCommand } from './diff-command.js';

// hero2 scaffolded and published at 0.1.0 on a real publish stack (folder stores, origins and
// host on 127.0.0.1); diff reads it back through the store (config file) or the origin.
let stack: PublishStack;
let root: string;

async function run(args: string[], env: Record<string, string> = {}) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, { env });
  return { code, out: stdout(), err: stderr() };
}

async function editJson<T>(path: string, edit: (value: T) => void) {
  const value = JSON.parse(await readFile(join(root, path), 'utf8'));
  edit(value);
  await writeFile(join(root, path), `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * `diff <variant>` as the CLI runs it (config loaded from the root, the one reporter), with `env`:
 * its stdout, or the AuthoringError that stopped it.
 */
async function diff(variant: string, options: { env?: Record<string, string>; format?: 'text' | 'json' } = {}) {
  const { io, stdout } = memoryIo(root);
  const config = await loadAuthoringConfig(root, undefined, {});
  const result = await diffCommand({ root, config, fs: nodeOutputFileSystem }, { variant, env: options.env ?? {} });
  reportResult(io, options.format ?? 'text', 'diff', result);
  return { result, out: stdout() };
}

/** Points the config file's `publish.artifactsStore` at the stack's store. */
const useStore = () =>
  editJson<{ publish?: unknown }>(
    'catalog-schema.config.json',
    (config) => (config.publish = { artifactsStore: stack.artifactsDir }),
  );

/** 0.2.0: title renamed to heading and an optional kicker in the props; a kicker field in the Strapi component. */
async function changeHero2() {
  await editJson<{ version: string }>('packages/ui-hero2/package.json', (pkg) => (pkg.version = '0.2.0'));
  await editJson<{ schema: { properties: Record<string, unknown>; required: string[] } }>(
    'packages/ui-hero2/meta.json',
    (meta) => {
      const { title, ...rest } = meta.schema.properties;
      meta.schema.properties = { ...rest, heading: title, kicker: { type: 'string', maxLength: 40 } };
      meta.schema.required = ['cmp_variant', 'heading'];
    },
  );
  await editJson<{ fields: Record<string, unknown> }>(
    'src/source/components/hero/hero2.json',
    (component) => (component.fields.kicker = 'string'),
  );
}

beforeEach(async () => {
  stack = await startPublishStack();
  root = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero']]) expect((await run(args)).code).toBe(0);
  const env = publishStackEnv(stack);
  expect((await run(['publish', 'hero2'], env)).code).toBe(0);
});

afterEach(async () => {
  await stack.close();
  await removeTempDirs();
});

describe('catalog-schema diff', () => {
  it('says no change right after a publish, reading the store the config file names', async () => {
    await useStore();
    const result = await diff('hero2');
    expect(result.result.ok).toBe(true);
    expect(result.out).toBe(
      [
        `@acme/ui-hero2 0.1.0 (published on folder ${stack.artifactsDir}) -> 0.1.0 (source)`,
        'diff hero2: no change since 0.1.0',
        '',
      ].join('\n'),
    );
  });

  it('prints each change of the props and the Strapi attributes with its bump, and the bump they need', async () => {
    await useStore();
    await changeHero2();
    const before = await snapshotTree(root);
    const result = await diff('hero2');
    expect(result.result.ok).toBe(true);
    expect(result.out).toBe(
      [
        `@acme/ui-hero2 0.1.0 (published on folder ${stack.artifactsDir}) -> 0.2.0 (source)`,
        '  props title: renamed to heading (major)',
        '  props kicker: added, optional (minor)',
        '  strapi kicker: added, optional (minor)',
        'diff hero2: 3 changes need a major bump; 0.1.0 -> 0.2.0 is a minor bump, too small: publish refuses it (bump-too-small)',
        '',
      ].join('\n'),
    );
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('reads through the artifacts origin and gives the same as one JSON object with --format json', async () => {
    await changeHero2();
    const { result, out } = await diff('hero2', { env: { ARTIFACTS_ORIGIN: stack.origin.url }, format: 'json' });
    expect(JSON.parse(out)).toMatchObject({ command: 'diff', ok: true, needed: 'major', bump: 'minor' });
    expect(result.extra).toMatchObject({
      source: `origin ${stack.origin.url}`,
      variant: 'hero2',
      package: '@acme/ui-hero2',
      published: '0.1.0',
      version: '0.2.0',
      needed: 'major',
      bump: 'minor',
      strapiCompared: true,
    });
    expect((result.extra as { changes: unknown[] }).changes[0]).toEqual({
      part: 'props',
      path: 'title',
      kind: 'renamed',
      bump: 'major',
      detail: 'renamed to heading',
    });
  });

  it('refuses without an origin or a store to read (exit 2) and an unknown variant (exit 2)', async () => {
    await expect(diff('hero2')).rejects.toMatchObject({
      code: 'publish-config-missing',
      exitCode: 2,
      message:
        'diff needs ARTIFACTS_ORIGIN or CATALOG_ARTIFACTS_STORE (or "publish.artifactsOrigin" / "publish.artifactsStore" in the config file) to read the published versions',
    });
    await expect(diff('hero9')).rejects.toMatchObject({
      code: 'variant-unknown',
      exitCode: 2,
      message: 'no variant package "hero9" in packages/ (known: hero2)',
    });
  });
});
