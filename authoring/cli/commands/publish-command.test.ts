import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISH_STACK_SECRET, type PublishStack, startPublishStack } from '../../../testing/publish/publish-stack.js';
import { startS3rver } from '../../../testing/s3/s3rver.js';
import { memoryIo } from '../../testing/memory-io.js';
import { publishStackEnv } from '../../testing/publish-stack-env.js';
import { copyExamplePackage, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

let stack: PublishStack;
let root: string;

async function run(args: string[], env: Record<string, string | undefined>) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, { env });
  const out = stdout();
  const err = stderr();
  // The secret is never printed, whatever happens.
  expect(out + err).not.toContain(PUBLISH_STACK_SECRET);
  return { code, out, err };
}

function stackEnv(): Record<string, string> {
  return publishStackEnv(stack);
}

beforeEach(async () => {
  stack = await startPublishStack();
  root = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero']]) {
    expect((await run(args, {})).code).toBe(0);
  }
});

afterEach(async () => {
  await stack.close();
  await removeTempDirs();
});

describe('catalog-schema publish', () => {
  it('publishes with one progress line per step and per artifact, then is up to date', async () => {
    const first = await run(['publish', 'hero2'], stackEnv());
    expect(first.code, first.out + first.err).toBe(0);
    const lines = first.out.trimEnd().split('\n');
    expect(lines[0]).toBe('publish hero2: @acme/ui-hero2@0.1.0');
    const steps = lines.map((line) => line.split(/[: ]/)[0]);
    expect(steps.filter((step) => step === 'artifact')).toHaveLength(5);
    expect(steps.filter((step) => step === 'upload')).toHaveLength(6); // five artifacts and the catalog
    expect(steps.filter((step) => step === 'verify')).toHaveLength(6);
    // Revalidate comes last, after every verification.
    expect(steps.lastIndexOf('verify')).toBeLessThan(steps.indexOf('revalidate'));
    // The version is recorded (its Strapi snapshot, then the index) before the host is revalidated.
    expect(lines.slice(-4)).toEqual([
      'record: put and verified @acme/ui-hero2@0.1.0/strapi-attributes.json',
      'record: put and verified @acme/ui-hero2/versions.json',
      'revalidate: package hero2 → 200 (runtime-package:hero2)',
      'published @acme/ui-hero2@0.1.0',
    ]);
    expect(stack.revalidations).toEqual([{ body: { packageId: 'hero2' }, status: 200 }]);

    const second = await run(['publish', 'hero2'], stackEnv());
    expect(second.code).toBe(0);
    expect(second.out.trimEnd().split('\n').slice(-2)).toEqual([
      'up to date: nothing uploaded, nothing revalidated',
      'up to date: hero2',
    ]);
    expect(stack.revalidations).toHaveLength(1);
  });

  it.each(['HOST_APP_URL', 'HOST_REVALIDATION_SECRET'])('exits 2 naming %s when it is missing', async (name) => {
    const env = { ...stackEnv(), [name]: undefined };
    const result = await run(['publish', 'hero2'], env);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`catalog-schema publish: publish-config-missing: publish needs ${name}`);
    expect(await readdir(stack.artifactsDir)).toEqual([]);
  });

  it('exits 2 naming the store variable or config key when no store is set', async () => {
    const result = await run(['publish', 'hero2'], { ...stackEnv(), CATALOG_ARTIFACTS_STORE: undefined });
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      'publish needs CATALOG_ARTIFACTS_STORE (or "publish.artifactsStore" in the config file)',
    );
  });

  it('reads origins from the config file and lets the environment win', async () => {
    await writeFile(
      join(root, 'catalog-schema.config.json'),
      JSON.stringify({ publish: { artifactsOrigin: stack.origin.url, esmOrigin: 'http://127.0.0.1:9/esm' } }),
    );
    const env = { ...stackEnv(), ARTIFACTS_ORIGIN: undefined };
    const result = await run(['publish', 'hero2'], env);
    expect(result.code, result.out + result.err).toBe(0);
  });

  it('refuses a variant that fails validation: diagnostics, exit 1, nothing uploaded or revalidated', async () => {
    const metaPath = join(root, 'packages/ui-hero2/meta.json');
    const meta = JSON.parse(await readFile(metaPath, 'utf8'));
    await writeFile(metaPath, JSON.stringify({ ...meta, props: { ...meta.props, title: 42 } }, null, 2));
    const result = await run(['publish', 'hero2'], stackEnv());
    expect(result.code).toBe(1);
    expect(result.out).toContain('packages/ui-hero2/meta.json');
    expect(result.out).toContain('meta-props-invalid');
    expect(result.out.trimEnd().split('\n').at(-1)).toMatch(/^validation failed: .*: nothing published$/);
    expect(await readdir(stack.artifactsDir)).toEqual([]);
    expect(await readdir(stack.esmDir)).toEqual([]);
    expect(stack.revalidations).toEqual([]);
  });

  it('refuses an unknown variant as a usage error (exit 2)', async () => {
    const result = await run(['publish', 'hero9'], stackEnv());
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      'catalog-schema publish: variant-unknown: no variant package "hero9" in packages/ (known: hero2)',
    );
  });

  it('prints one JSON object with --format json', async () => {
    const result = await run(['publish', 'hero2', '--format', 'json'], stackEnv());
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ command: 'publish', ok: true, summary: 'published @acme/ui-hero2@0.1.0' });
    expect(report.variants[0]).toMatchObject({ variant: 'hero2', revalidated: ['package'], upToDate: false });
  });

  it('reports the host text of a failure and exits 1; the re-run finishes the job', async () => {
    stack.failRevalidate({ status: 500, body: 'boom from the host' });
    const failed = await run(['publish', 'hero2'], stackEnv());
    expect(failed.code).toBe(1);
    expect(failed.err).toContain(
      'catalog-schema publish: revalidate-failed: revalidate package hero2: HTTP 500: boom from the host; run publish again once the host answers: nothing verified is uploaded again, and only what is due is revalidated',
    );
    stack.failRevalidate(undefined);
    const again = await run(['publish', 'hero2'], stackEnv());
    expect(again.code).toBe(0);
    expect(again.out).not.toContain('upload:');
    expect(again.out).toContain('revalidate: package hero2 → 200');
  });

  it('publishes to S3-compatible storage (s3rver), read back through the bucket URL the host reads', async () => {
    const s3 = await startS3rver(['catalog']);
    const s3Stack = await startPublishStack({ artifactsOrigin: `${s3.endpoint}/catalog/store` });
    const saved = { key: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    // s3rver's fixed credentials, read by the SDK's default chain as they would be in production.
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    try {
      const env = {
        HOST_APP_URL: s3Stack.hostUrl,
        HOST_REVALIDATION_SECRET: PUBLISH_STACK_SECRET,
        CATALOG_ARTIFACTS_STORE: 's3://catalog/store',
        CATALOG_S3_ENDPOINT: s3.endpoint,
        ARTIFACTS_ORIGIN: `${s3.endpoint}/catalog/store`,
        CATALOG_ESM_STORE: s3Stack.esmDir,
        ESM_ORIGIN: s3Stack.esmOrigin,
      };
      const result = await run(['publish', 'hero2'], env);
      expect(result.code, result.out + result.err).toBe(0);
      expect(s3Stack.revalidations).toEqual([{ body: { packageId: 'hero2' }, status: 200 }]);
      const entry = await s3Stack.hostJson('/api/runtime-catalog/hero2/data.json');
      expect(entry).toEqual({
        status: 200,
        body: JSON.parse(await readFile(join(root, 'packages/ui-hero2/data.json'), 'utf8')),
      });
      const again = await run(['publish', 'hero2'], env);
      expect(again.out).toContain('up to date: hero2');
    } finally {
      if (saved.key === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      else process.env.AWS_ACCESS_KEY_ID = saved.key;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      else process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
      await s3Stack.close();
      await s3.close();
    }
  });
});
