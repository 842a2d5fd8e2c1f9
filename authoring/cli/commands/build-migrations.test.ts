import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  writeMigrations,
} from '../../testing/publish-stack-env.js';
import { copyExamplePackage, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

// build's migration checks (docs/authoring-versions.md "Migrations") against a real publish stack
// (folder stores, an HTTP artifacts origin and a host on 127.0.0.1): hero2 is published at 0.1.0,
// then its source becomes 1.0.0 with title renamed to heading. build reads the published versions
// through ARTIFACTS_ORIGIN or from the folder CATALOG_ARTIFACTS_STORE, each test with one of them.

let stack: PublishStack;
let root: string;
const variantDir = () => join(root, 'packages/ui-hero2');

beforeAll(async () => {
  stack = await startPublishStack();
});
afterAll(async () => {
  await stack.close();
});

const refusals = renameRefusals('build');
type Env = Record<string, string | undefined>;
const originOnly = (): Env => ({ ARTIFACTS_ORIGIN: stack.origin.url });
const storeOnly = (): Env => ({ CATALOG_ARTIFACTS_STORE: stack.artifactsDir });

async function run(args: string[], env: Env) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, { env });
  return { code, out: stdout(), err: stderr() };
}

/** Whether hero2 has a dist/ (build writes it only when every check passed). */
const hasDist = async () => (await readdir(variantDir())).includes('dist');

beforeEach(async () => {
  root = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero']]) expect((await run(args, {})).code).toBe(0);
  // One stack for the file: the first publish writes 0.1.0, later ones find it up to date.
  const first = await run(['publish', 'hero2'], publishStackEnv(stack));
  expect(first.code, first.out + first.err).toBe(0);
  await changeVariant(variantDir(), '1.0.0', renameTitle);
}, 30_000);
afterEach(removeTempDirs);

describe('build: migration checks against the published versions', { timeout: 30_000 }, () => {
  it('refuses a major without the migration its breaking changes need, read through ARTIFACTS_ORIGIN: migration-missing, dist/ not written', async () => {
    const result = await run(['build', 'hero2'], originOnly());
    expect(result.code).toBe(1);
    expect(result.err).toBe(refusals.missing);
    expect(await hasDist()).toBe(false);
  });

  it('refuses the same from the folder CATALOG_ARTIFACTS_STORE alone', async () => {
    const result = await run(['build', 'hero2'], storeOnly());
    expect(result.code).toBe(1);
    expect(result.err).toBe(refusals.missing);
    expect(await hasDist()).toBe(false);
  });

  it('refuses a migration whose result the new schema rejects, on the published data.json: migration-failed', async () => {
    await writeMigrations(variantDir(), forgetsTitle, true);
    const result = await run(['build', 'hero2'], originOnly());
    expect(result.code).toBe(1);
    expect(result.err).toBe(refusals.forgotten);
    expect(await hasDist()).toBe(false);
  });

  it('refuses a migration that throws on generated props, with the shrunk input: migration-failed', async () => {
    await writeMigrations(variantDir(), throwsOnOtherTitles, true);
    const result = await run(['build', 'hero2'], storeOnly());
    expect(result.code).toBe(1);
    expect(result.err).toBe(refusals.shrunk);
    expect(await hasDist()).toBe(false);
  });

  it('builds a major whose migrations pass, naming the chain tried', async () => {
    await writeMigrations(variantDir(), moveTitle, true);
    const result = await run(['build', 'hero2'], originOnly());
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).toContain('migrations hero2: 0.1.0 -> 1.0.0 passed on data.json and 200 generated props\n');
    expect(await hasDist()).toBe(true);
  });

  it('with no published source configured, builds without the checks (nothing to compare with)', async () => {
    const result = await run(['build', 'hero2'], {});
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).not.toContain('migrations hero2');
  });

  it('refuses a module that does not export the migrations src/migrations.ts defines: build-failed, at the entry', async () => {
    await writeMigrations(variantDir(), moveTitle, false);
    // Refused whatever is published: the check reads the built module, not the store.
    for (const env of [originOnly(), {}]) {
      const result = await run(['build', 'hero2'], env);
      expect(result.code).toBe(1);
      expect({ out: result.out, err: result.err }).toEqual({
        out: 'packages/ui-hero2/src/index.tsx:1:1 build-failed packages/ui-hero2/src/migrations.ts exists but the module does not export "migrations": add export { migrations } from \'./migrations\';\nbuild failed, dist/ unchanged: 1 problem in 1 file\n',
        err: '',
      });
      expect(await hasDist()).toBe(false);
    }
    // A plain `export const migrations` in the entry is enough.
    await writeFile(
      join(variantDir(), 'src/index.tsx'),
      `${moveTitle}export default function Hero() { return null; }\n`,
    );
    expect((await run(['build', 'hero2'], {})).code).toBe(0);
  });
});
