import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReleaseOverlay, releasesDir } from '../stack/release-overlays.js';
import { type ReleaseTestStack, removePublishTemplate, startReleaseTestStack } from './publish-test-stack.js';
import { createPublisherApi, publisherRequestListener } from './publisher-api.js';
import type { ReleaseTarget } from './release-versions.js';

// The versions routes of the publisher API on a real stack: hero1 1.0.0 published into both
// folder stores by `catalog-schema publish` (as `npm start` does), an artifacts origin, an ESM
// origin and a host; the repository's release overlay hero1-2.0.0 published by the real CLI.

let stack: ReleaseTestStack;
let server: Server;
let api: string;
/** Release overlays of the tests' own (a bump too small), beside the repository's. */
let ownReleases: string;

/** Serves the publisher API with `releases` on 127.0.0.1; answers its URL. */
async function serve(releases: Partial<ReleaseTarget>): Promise<[string, Server]> {
  const target: ReleaseTarget = { stores: stack.stores, releaseDir: join(stack.dir, 'release'), ...releases };
  const publisher = createPublisherApi(stack.target, { artifacts: () => ({}), esm: () => ({}) }, target);
  const listening = createServer(publisherRequestListener(publisher));
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return [`http://127.0.0.1:${(listening.address() as AddressInfo).port}`, listening];
}

function close(listening: Server): Promise<unknown> {
  listening.closeAllConnections();
  return new Promise((resolve) => listening.close(resolve));
}

/** Runs `test` on an API over a stack of its own with hero1 at 1.0.0 (the file's stack is put back after). */
async function onFreshStack(releases: Partial<ReleaseTarget>, test: (api: string) => Promise<void>): Promise<void> {
  const fresh = await startReleaseTestStack();
  const previous = stack;
  stack = fresh;
  const [own, listening] = await serve(releases);
  try {
    await test(own);
  } finally {
    await close(listening);
    stack = previous;
    await fresh.close();
  }
}

beforeAll(async () => {
  stack = await startReleaseTestStack();
  [api, server] = await serve({});
  // hero1 at 1.1.0 with 2.0.0's breaking changes: publish's gate must refuse the minor bump.
  ownReleases = await mkdtemp(join(tmpdir(), 'releases-'));
  await cp(join(releasesDir, 'hero1-2.0.0'), join(ownReleases, 'hero1-1.1.0'), { recursive: true });
  const pkg = join(ownReleases, 'hero1-1.1.0/packages/ui-hero1/package.json');
  await writeFile(pkg, (await readFile(pkg, 'utf8')).replace('"version": "2.0.0"', '"version": "1.1.0"'));
}, 60_000);
afterAll(async () => {
  await close(server);
  await stack.close();
  await removePublishTemplate();
  await rm(ownReleases, { recursive: true, force: true });
});

const post = (path: string, body: string, headers: Record<string, string> = {}, base = api) =>
  fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

/** An answer as [status, JSON body]. */
async function answer(response: Response): Promise<[number, unknown]> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return [response.status, await response.json()];
}

/** The version of hero1 the host answers, the catalog's or `?version=`. */
async function hostVersion(query = ''): Promise<[number, unknown]> {
  const response = await fetch(`${stack.hostUrl}/api/runtime-catalog/hero1${query}`);
  return [response.status, ((await response.json()) as { version?: unknown }).version];
}

const versions = async () => answer(await fetch(`${api}/versions?variant=hero1`));
const hero1 = { variant: 'hero1', package: '@acme/ui-hero1' };
/** Steps as `step text`, hashes, sizes and ports starred. */
const lines = (steps: { step: string; text: string }[]) =>
  steps.map(({ step, text }) =>
    `${step} ${text}`.replace(/[0-9a-f]{12}…|sha384-\S+|\(\d+ bytes\)|127\.0\.0\.1:\d+|(?<=folder )\S+/g, '*'),
  );

describe('the versions routes of the publisher API', () => {
  it('GET /versions: the catalog version, the published ones and the releases', async () => {
    expect(await versions()).toEqual([
      200,
      { ...hero1, catalogVersion: '1.0.0', published: ['1.0.0'], releases: ['hero1-2.0.0'] },
    ]);
  });

  it('POST /publish-release publishes 2.0.0 with catalog-schema publish; the host answers both versions', async () => {
    const [status, body] = await answer(await post('/publish-release', '{"release":"hero1-2.0.0"}'));
    expect(status).toBe(200);
    const result = body as { published: unknown; steps: { step: string; text: string }[]; summary: string };
    expect(result.published).toEqual({ ...hero1, version: '2.0.0' });
    expect(result.summary).toBe('published @acme/ui-hero1@2.0.0');
    const printed = lines(result.steps);
    // The gate ran the migration, then the module, the five artifacts, the catalog, the host.
    expect(printed[0]).toBe('publish migrations hero1: 1.0.0 -> 2.0.0 passed on data.json and 200 generated props');
    expect(printed).toContain('module module: put @acme/ui-hero1@2.0.0.mjs on folder * *');
    expect(printed).toContain('verify verify: data.json ok through http://*');
    expect(printed).toContain('publish record: put and verified @acme/ui-hero1/versions.json');
    expect(printed.at(-1)).toBe('revalidate revalidate: package hero1 → 200 (runtime-package:hero1)');
    expect(await hostVersion()).toEqual([200, '2.0.0']);
    expect(await hostVersion('?version=1.0.0')).toEqual([200, '1.0.0']);
    expect(await versions()).toEqual([
      200,
      { ...hero1, catalogVersion: '2.0.0', published: ['1.0.0', '2.0.0'], releases: ['hero1-2.0.0'] },
    ]);
    // The copy it was published from is gone; the repository's overlay is as it was.
    await expect(access(join(stack.dir, 'release'))).rejects.toThrow('ENOENT');
  });

  it('a second POST /publish-release of a published version is 409 already-published', async () => {
    expect(await answer(await post('/publish-release', '{"release":"hero1-2.0.0"}'))).toEqual([
      409,
      {
        error: "@acme/ui-hero1@2.0.0 is already published: roll back to 2.0.0 to make it the catalog's",
        code: 'already-published',
      },
    ]);
  });

  it('POST /rollback to 1.0.0 makes it the catalog version again; 2.0.0 still answers by version', async () => {
    const [status, body] = await answer(await post('/rollback', '{"variant":"hero1","to":"1.0.0"}'));
    const result = body as { steps: { step: string; text: string }[] };
    expect([status, { ...result, steps: lines(result.steps) }]).toEqual([
      200,
      {
        rolledBack: { ...hero1, from: '2.0.0', to: '1.0.0' },
        upToDate: false,
        steps: [
          'publish rollback hero1: @acme/ui-hero1 2.0.0 → 1.0.0',
          ...['descriptor.json', 'data.json', 'schema.json', 'puck.json', 'meta.json'].map(
            (artifact) => `artifact artifact ${artifact}: ok through http://* (sha256 *)`,
          ),
          'module module: http://*/esm/@acme/ui-hero1@1.0.0?target=es2022&external=react,react-dom,react/jsx-runtime,react/jsx-dev-runtime,next,next/image,next/link,next/navigation,@acme/common,@acme/common/client,@acme/common/server,@acme/core,lucide-react *',
          'catalog catalog catalog.json: hero1 → @acme/ui-hero1@1.0.0',
          'upload upload: catalog.json on folder *',
          'verify verify: catalog.json ok through http://*',
          'revalidate revalidate: package hero1 → 200 (runtime-package:hero1)',
        ],
        summary: 'rolled back hero1 to @acme/ui-hero1@1.0.0 (was 2.0.0)',
      },
    ]);
    expect(await hostVersion()).toEqual([200, '1.0.0']);
    expect(await hostVersion('?version=2.0.0')).toEqual([200, '2.0.0']);
    expect((await versions())[1]).toMatchObject({ catalogVersion: '1.0.0', published: ['1.0.0', '2.0.0'] });
    // Again: nothing to change, no request to the host.
    expect((await answer(await post('/rollback', '{"variant":"hero1","to":"1.0.0"}')))[1]).toMatchObject({
      upToDate: true,
      summary: 'up to date: the catalog points hero1 at @acme/ui-hero1@1.0.0',
    });
  });

  it('POST /rollback to a version never published is 404 unknown-version, with the CLI message', async () => {
    expect(await answer(await post('/rollback', '{"variant":"hero1","to":"9.9.9"}'))).toEqual([
      404,
      {
        error: `@acme/ui-hero1@9.9.9 was never published to folder ${stack.stores.artifactsDir} (no @acme/ui-hero1@9.9.9/publish-manifest.json): nothing written`,
        code: 'unknown-version',
        steps: [{ step: 'publish', text: 'rollback hero1: @acme/ui-hero1 1.0.0 → 9.9.9' }],
      },
    ]);
    // Whatever `to` holds is the option's value, never an option of its own.
    expect(await answer(await post('/rollback', '{"variant":"hero1","to":"--dry-run"}'))).toEqual([
      404,
      { error: '"--dry-run" is not a version: nothing written', code: 'unknown-version', steps: [] },
    ]);
    expect(await hostVersion()).toEqual([200, '1.0.0']);
  });

  it('answers malformed requests 400, unknown names 404, and the guards of every POST', async () => {
    const cases: [Promise<Response>, number, unknown][] = [
      [post('/publish-release', '{'), 400, { error: 'Invalid JSON body', code: 'invalid-body' }],
      [post('/publish-release', '[]'), 400, { error: 'Missing release', code: 'invalid-body' }],
      [post('/publish-release', '{"release":2}'), 400, { error: 'Missing release', code: 'invalid-body' }],
      [
        post('/publish-release', '{"release":"../../etc"}'),
        404,
        { error: 'Unknown release: ../../etc (known: hero1-2.0.0)', code: 'unknown-release' },
      ],
      [post('/rollback', 'null'), 400, { error: 'Missing variant or to', code: 'invalid-body' }],
      [post('/rollback', '{"variant":"hero1"}'), 400, { error: 'Missing variant or to', code: 'invalid-body' }],
      [
        post('/rollback', '{"variant":"nope","to":"1.0.0"}'),
        404,
        { error: 'Unknown variant: nope', code: 'unknown-variant' },
      ],
      [
        post('/rollback', '{"variant":"hero1","to":"1.0.0"}', { 'content-type': 'text/plain' }),
        415,
        { error: 'Content-Type must be application/json', code: 'unsupported-media-type' },
      ],
      [
        post('/publish-release', '{"release":"hero1-2.0.0"}', { origin: 'https://evil.example' }),
        403,
        { error: 'Cross-origin requests are refused', code: 'cross-origin' },
      ],
      [
        post('/publish-release', JSON.stringify({ release: 'x'.repeat(300_000) })),
        413,
        { error: 'Body too large (the limit is 262144 bytes)', code: 'body-too-large' },
      ],
      [
        fetch(`${api}/versions`),
        400,
        { error: 'Missing variant: GET /versions?variant=<variant>', code: 'invalid-query' },
      ],
      [fetch(`${api}/versions?variant=nope`), 404, { error: 'Unknown variant: nope', code: 'unknown-variant' }],
      [
        fetch(`${api}/publish-release`),
        404,
        { error: 'No such endpoint: GET /publish-release', code: 'unknown-endpoint' },
      ],
    ];
    for (const [response, status, body] of cases) expect(await answer(await response)).toEqual([status, body]);
  });

  it("answers the publish gate's refusal with the CLI's code and message, and publishes nothing", async () => {
    const [own, listening] = await serve({ releasesDir: ownReleases });
    try {
      expect(await answer(await fetch(`${own}/versions?variant=hero1`))).toEqual([
        200,
        { ...hero1, catalogVersion: '1.0.0', published: ['1.0.0', '2.0.0'], releases: ['hero1-1.1.0'] },
      ]);
      expect(await answer(await post('/publish-release', '{"release":"hero1-1.1.0"}', {}, own))).toEqual([
        409,
        {
          error: [
            '@acme/ui-hero1 1.0.0 -> 1.1.0 is a minor bump; its changes need major:',
            '  props subtitle: renamed to tagline (major)',
            '  props fullHeight: removed (major)',
            '  props eyebrow: added, required (major)',
            '  strapi subtitle: renamed to tagline (major)',
            '  strapi fullHeight: removed (major)',
          ].join('\n'),
          code: 'bump-too-small',
          steps: [],
        },
      ]);
      expect(await hostVersion()).toEqual([200, '1.0.0']);
      await expect(access(join(stack.stores.artifactsDir, '@acme/ui-hero1@1.1.0'))).rejects.toThrow('ENOENT');
    } finally {
      await close(listening);
    }
  });

  it('on a CMS (npm run start:strapi), deploys a release that changes a component source before publishing it', async () => {
    const deployed: string[] = [];
    const cms = {
      deploy: async (release: ReleaseOverlay) => {
        // The catalog does not list the release yet: the CMS is expanded first.
        const sources = release.files.filter((file) => file.startsWith('src/'));
        deployed.push(`${release.name} ${sources.join(' ')} ${(await hostVersion())[1]}`);
        return [{ step: 'publish' as const, text: 'cms: generated, deployed' }];
      },
    };
    await onFreshStack({ cms }, async (own) => {
      const [status, body] = await answer(await post('/publish-release', '{"release":"hero1-2.0.0"}', {}, own));
      expect([status, (body as { steps: unknown[] }).steps[0]]).toEqual([
        200,
        { step: 'publish', text: 'cms: generated, deployed' },
      ]);
      expect(deployed).toEqual(['hero1-2.0.0 src/source/components/hero/hero1.json 1.0.0']);
      expect(await hostVersion()).toEqual([200, '2.0.0']);
    });
  }, 60_000);

  it('runs publishes one at a time: of two at once, the second finds the version published', async () => {
    await onFreshStack({}, async (own) => {
      const both = await Promise.all(
        [0, 1].map(async () => answer(await post('/publish-release', '{"release":"hero1-2.0.0"}', {}, own))),
      );
      expect(both.map(([status]) => status).sort()).toEqual([200, 409]);
      expect(await hostVersion()).toEqual([200, '2.0.0']);
    });
  }, 60_000);
});
