import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PublishStack, startPublishStack } from '../../../testing/publish/publish-stack.js';
import { memoryIo } from '../../testing/memory-io.js';
import {
  changeVariant,
  forgetsTitle,
  moveTitle,
  publishStackEnv,
  renameRefusals,
  renameTitle,
  throwsOnOtherTitles,
} from '../../testing/publish-stack-env.js';
import { copyExamplePackage, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

// The publish gate end to end: a real publish stack (folder stores, origins and host on
// 127.0.0.1), the scaffolded variant hero2 published at 0.1.0, then changed.
let stack: PublishStack;
let root: string;
const variantDir = () => join(root, 'packages/ui-hero2');

async function run(args: string[]) {
  const { io, stdout, stderr } = memoryIo(root);
  const env = publishStackEnv(stack);
  const code = await runCli(args, io, { env });
  return { code, out: stdout(), err: stderr() };
}

const refusals = renameRefusals('publish');
const change = (version: string, edit: Parameters<typeof changeVariant>[2]) =>
  changeVariant(variantDir(), version, edit);

beforeEach(async () => {
  stack = await startPublishStack();
  root = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero']]) expect((await run(args)).code).toBe(0);
  const first = await run(['publish', 'hero2']);
  expect(first.code, first.out + first.err).toBe(0);
});

afterEach(async () => {
  await stack.close();
  await removeTempDirs();
});

describe('publish: the version gate', () => {
  it('refuses a minor bump over a breaking change: bump-too-small, exit 1, each change named, nothing uploaded', async () => {
    await change('0.2.0', renameTitle);
    const before = await snapshotTree(stack.artifactsDir);
    const result = await run(['publish', 'hero2']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      [
        'catalog-schema publish: bump-too-small: @acme/ui-hero2 0.1.0 -> 0.2.0 is a minor bump; its changes need major:',
        '  props title: renamed to heading (major)',
        '',
      ].join('\n'),
    );
    expect(await snapshotTree(stack.artifactsDir)).toEqual(before);
    expect(stack.revalidations).toHaveLength(1);
  });

  it('refuses a major without the migration that covers its breaking changes: migration-missing', async () => {
    await change('1.0.0', renameTitle);
    const before = await snapshotTree(stack.artifactsDir);
    const result = await run(['publish', 'hero2']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(refusals.missing);
    expect(await snapshotTree(stack.artifactsDir)).toEqual(before);
  });

  it('refuses a migration whose result the new schema rejects, with the input: migration-failed', async () => {
    await change('1.0.0', renameTitle);
    // Forgets to move title: every input fails, and the published data.json is tried first.
    await writeFile(join(variantDir(), 'src/migrations.ts'), forgetsTitle);
    const result = await run(['publish', 'hero2']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(refusals.forgotten);
  });

  it('shrinks a failure on generated props to the smallest input', async () => {
    await change('1.0.0', renameTitle);
    // Passes on data.json (title "Hero 2") and on an empty title; throws on any other title.
    await writeFile(join(variantDir(), 'src/migrations.ts'), throwsOnOtherTitles);
    const result = await run(['publish', 'hero2']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(refusals.shrunk);
  });

  it('publishes a major whose migrations pass, after trying data.json and 200 generated props', async () => {
    await change('1.0.0', renameTitle);
    await writeFile(join(variantDir(), 'src/migrations.ts'), moveTitle);
    const result = await run(['publish', 'hero2']);
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).toContain('migrations hero2: 0.1.0 -> 1.0.0 passed on data.json and 200 generated props\n');
    const index = JSON.parse(await readFile(join(stack.artifactsDir, '@acme/ui-hero2/versions.json'), 'utf8'));
    expect(index).toEqual({ format: 1, package: '@acme/ui-hero2', versions: ['0.1.0', '1.0.0'] });
  });
});
