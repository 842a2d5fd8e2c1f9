import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_STACK_SECRET, type PublishStack, startPublishStack } from '../../../testing/publish/publish-stack.js';
import { AuthoringError } from '../../authoring-error.js';
import { loadAuthoringConfig } from '../../config/load-authoring-config.js';
import { memoryIo } from '../../testing/memory-io.js';
import { publishStackEnv } from '../../testing/publish-stack-env.js';
import { copyExamplePackage, removeTempDirs } from '../../testing/temp-package.js';
import { nodeOutputFileSystem } from '../../write/output-file-system.js';
import { runCli } from '../run-cli.js';
import { rollbackCommand } from './rollback-command.js';

// rollback against real servers on 127.0.0.1: a folder store and its artifacts origin, the ESM
// origin and a host reading both (testing/publish/publish-stack.ts). hero2 is published at 0.1.0,
// then at 0.2.0 under another title; the steps run in order on that one store.

let stack: PublishStack;
let root: string;

const stackEnv = () => publishStackEnv(stack);

async function run(args: string[]) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, { env: stackEnv() });
  expect(stdout() + stderr()).not.toContain(PUBLISH_STACK_SECRET);
  return { code, lines: stdout().trimEnd().split('\n'), err: stderr() };
}

/**
 * `catalog-schema rollback hero2 --to <version> [--dry-run]`, with what the CLI prints: the
 * progress lines and the summary, or `catalog-schema rollback: <code>: <message>` and its exit code.
 */
async function rollback(to: string, dryRun = false) {
  const lines: string[] = [];
  const context = { root, config: await loadAuthoringConfig(root, undefined, {}), fs: nodeOutputFileSystem };
  try {
    const result = await rollbackCommand(context, {
      variant: 'hero2',
      to,
      dryRun,
      env: stackEnv(),
      cwd: root,
      progress: (line) => lines.push(line),
    });
    return { code: result.ok ? 0 : 1, lines: [...lines, result.summary], err: '' };
  } catch (error) {
    if (!(error instanceof AuthoringError)) throw error;
    expect(error.message).not.toContain(PUBLISH_STACK_SECRET);
    return { code: error.exitCode, lines, err: `catalog-schema rollback: ${error.code}: ${error.message}\n` };
  }
}

const catalogBytes = () => readFile(join(stack.artifactsDir, 'catalog.json'), 'utf8');
const catalogEntry = async () =>
  (JSON.parse(await catalogBytes()) as { packages: { id: string; version: string; label: string }[] }).packages.find(
    (entry) => entry.id === 'hero2',
  );

/** The lines every rollback of hero2 prints while it reads `version` back. */
function readBackLines(version: string, lines: string[]): void {
  for (const artifact of ['descriptor.json', 'data.json', 'schema.json', 'puck.json', 'meta.json']) {
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^artifact ${artifact.replace('.', '\\.')}: ok through ${stack.origin.url} \\(sha256 [0-9a-f]{12}…\\)$`,
        ),
      ),
    );
  }
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^module: ${stack.esmOrigin}/@acme/ui-hero2@${version.replaceAll('.', '\\.')}\\?target=es2022&external=\\S+ sha384-\\S+$`,
      ),
    ),
  );
}

beforeAll(async () => {
  stack = await startPublishStack();
  root = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero'], ['publish', 'hero2']]) {
    const result = await run(args);
    expect(result.code, result.lines.join('\n') + result.err).toBe(0);
  }
  for (const [file, change] of [
    ['package.json', { version: '0.2.0' }],
    ['puck.json', { title: 'Hero two, second take' }],
  ] as const) {
    const path = join(root, 'packages/ui-hero2', file);
    await writeFile(path, JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), ...change }, null, 2));
  }
  const second = await run(['publish', 'hero2']);
  expect(second.code, second.err).toBe(0);
  expect(await catalogEntry()).toMatchObject({ version: '0.2.0', label: 'Hero two, second take' });
  stack.revalidations.length = 0;
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await removeTempDirs();
});

describe('catalog-schema rollback', () => {
  it('refuses a version never published: unknown-version, exit 1, nothing written or revalidated', async () => {
    const before = await catalogBytes();
    const result = await rollback('0.9.0');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `catalog-schema rollback: unknown-version: @acme/ui-hero2@0.9.0 was never published to folder ${stack.artifactsDir} (no @acme/ui-hero2@0.9.0/publish-manifest.json): nothing written\n`,
    );
    expect(await catalogBytes()).toBe(before);
    expect(stack.revalidations).toEqual([]);
  });

  it('--dry-run reads the version back and writes nothing', async () => {
    const before = await catalogBytes();
    const result = await rollback('0.1.0', true);
    expect(result.code, result.err).toBe(0);
    expect(result.lines[0]).toBe(
      'rollback hero2: @acme/ui-hero2 0.2.0 → 0.1.0 (dry run: nothing is written or revalidated)',
    );
    readBackLines('0.1.0', result.lines);
    expect(result.lines.slice(-4)).toEqual([
      'catalog catalog.json: hero2 → @acme/ui-hero2@0.1.0',
      `upload: would put catalog.json on folder ${stack.artifactsDir}`,
      `revalidate: would call ${stack.hostUrl}/api/revalidate for package hero2`,
      'rollback --dry-run: would point hero2 at @acme/ui-hero2@0.1.0; nothing written or revalidated',
    ]);
    expect(await catalogBytes()).toBe(before);
    expect(stack.revalidations).toEqual([]);
  });

  it('points the catalog at the earlier version, then revalidates; the host serves it', async () => {
    const result = await rollback('0.1.0');
    expect(result.code, result.err).toBe(0);
    readBackLines('0.1.0', result.lines);
    expect(result.lines.slice(-5)).toEqual([
      'catalog catalog.json: hero2 → @acme/ui-hero2@0.1.0',
      `upload: catalog.json on folder ${stack.artifactsDir}`,
      `verify: catalog.json ok through ${stack.origin.url}`,
      'revalidate: package hero2 → 200 (runtime-package:hero2)',
      'rolled back hero2 to @acme/ui-hero2@0.1.0 (was 0.2.0)',
    ]);
    // The entry is 0.1.0's own: its label comes from that version's puck.json.
    expect(await catalogEntry()).toMatchObject({ version: '0.1.0', label: 'Hero 2' });
    expect(stack.revalidations).toEqual([{ body: { packageId: 'hero2' }, status: 200 }]);
    const entry = await stack.hostJson('/api/runtime-catalog/hero2');
    expect(entry).toMatchObject({ status: 200, body: { version: '0.1.0' } });
  });

  it('is a no-op when run again: up to date, no request to the host', async () => {
    const before = await catalogBytes();
    const result = await rollback('0.1.0');
    expect(result.code, result.err).toBe(0);
    expect(result.lines.slice(-2)).toEqual([
      'up to date: nothing uploaded, nothing revalidated',
      'up to date: the catalog points hero2 at @acme/ui-hero2@0.1.0',
    ]);
    expect(await catalogBytes()).toBe(before);
    expect(stack.revalidations).toHaveLength(1);
  });

  it('revalidates on a re-run when the host refused the call', async () => {
    stack.failRevalidate({ status: 503, body: 'down for maintenance' });
    const failed = await rollback('0.2.0');
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(
      /^catalog-schema rollback: revalidate-failed: revalidate package hero2: HTTP 503: down for maintenance;/,
    );
    expect(await catalogEntry()).toMatchObject({ version: '0.2.0' });
    stack.failRevalidate(undefined);
    const resumed = await rollback('0.2.0');
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.lines.slice(-3)).toEqual([
      'catalog catalog.json: unchanged',
      'revalidate: package hero2 → 200 (runtime-package:hero2)',
      'rolled back hero2 to @acme/ui-hero2@0.2.0',
    ]);
    expect(stack.revalidations.map((call) => call.status)).toEqual([200, 503, 200]);
    const again = await rollback('0.2.0');
    expect(again.lines.at(-1)).toBe('up to date: the catalog points hero2 at @acme/ui-hero2@0.2.0');
    expect(stack.revalidations).toHaveLength(3);
  });

  it('refuses a version whose artifact the origin no longer serves as published', async () => {
    await writeFile(join(stack.artifactsDir, '@acme/ui-hero2@0.1.0/data.json'), '{"changed": true}\n');
    const before = await catalogBytes();
    const result = await rollback('0.1.0');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /^catalog-schema rollback: unknown-version: @acme\/ui-hero2@0\.1\.0 is not served as published: http:\/\/127\.0\.0\.1:\d+\/@acme\/ui-hero2@0\.1\.0\/data\.json has sha256 [0-9a-f]{12}…, the manifest [0-9a-f]{12}…: nothing written\n$/,
    );
    expect(await catalogBytes()).toBe(before);
    expect(stack.revalidations).toHaveLength(3);
  });
});
