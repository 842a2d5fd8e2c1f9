import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCatalogSchema } from '../../e2e/support/catalog-schema-cli.js';
import { readWorkflow, type Workflow } from '../../testing/ci/read-workflow.js';
import { type JobRun, runnerEnv, runWorkflowJob, stepCodes, stepOutput } from '../../testing/ci/run-workflow-job.js';
import {
  createSchemaPackageRepository,
  GITHUB_ONLY_STEPS,
  git,
  type SchemaPackageRepository,
} from '../../testing/ci/schema-package-repository.js';
import { type ExpressionValues, templateWorkflowsDir } from '../../testing/ci/workflow-job.js';
import { PUBLISH_STACK_SECRET, type PublishStack, startPublishStack } from '../../testing/publish/publish-stack.js';
import { type StagingRegistry, startStagingRegistry } from '../../testing/registry/staging-registry.js';

// The template's release.yml and promote.yml run as written (docs/authoring-ci.md): their `run:`
// steps in order, with `sh -e -c`, in fresh clones of a repository seeded with
// examples/schema-package (a bare git repository on disk, to which the commit step pushes), each
// step's `env:` resolved from the environment tables below, against real servers on 127.0.0.1:
// two verdaccio registries (staging, production) and two publish stacks (folder stores behind
// their origins, a real host each). The CLI is this repository's built bin
// (`npm run build -w @runtime-component-catalog/authoring`).

/** One step's budget: a cold publish of seven variants at load 8 on 2 cores. */
const STEP_BUDGET_MS = 180_000;

let repository: SchemaPackageRepository;
let staging: StagingRegistry;
let production: StagingRegistry;
let stagingStack: PublishStack;
let productionStack: PublishStack;
const workflows: Record<string, Workflow> = {};

beforeAll(async () => {
  [repository, staging, production, stagingStack, productionStack] = await Promise.all([
    createSchemaPackageRepository(),
    startStagingRegistry(),
    startStagingRegistry(),
    startPublishStack(),
    startPublishStack(),
  ]);
  for (const file of ['release.yml', 'promote.yml'])
    workflows[file] = await readWorkflow(join(templateWorkflowsDir, file));
}, 60_000);

afterAll(async () => {
  await Promise.all([
    repository?.remove(),
    staging?.stop(),
    production?.stop(),
    stagingStack?.close(),
    productionStack?.close(),
  ]);
});

/** The settings of one GitHub environment: its publish stack, the registries, its tokens. */
function environment(
  stack: PublishStack,
  secrets: Record<string, string>,
  vars: Record<string, string>,
  inputs: Record<string, string> = {},
): ExpressionValues {
  return {
    // No AWS credentials, S3 endpoint or region (GitHub gives an unset one as ''): the stores are folders.
    secrets: {
      HOST_REVALIDATION_SECRET: PUBLISH_STACK_SECRET,
      AWS_ACCESS_KEY_ID: '',
      AWS_SECRET_ACCESS_KEY: '',
      ...secrets,
    },
    vars: {
      CATALOG_STAGING_REGISTRY: staging.url,
      HOST_APP_URL: stack.hostUrl,
      CATALOG_ARTIFACTS_STORE: stack.artifactsDir,
      ARTIFACTS_ORIGIN: stack.origin.url,
      CATALOG_ESM_STORE: stack.esmDir,
      ESM_ORIGIN: stack.esmOrigin,
      CATALOG_S3_ENDPOINT: '',
      AWS_REGION: '',
      ...vars,
    },
    inputs,
  };
}

const stagingEnvironment = () => environment(stagingStack, { CATALOG_STAGING_TOKEN: staging.token }, {});
/** Production reads the staging registry without a token (verdaccio lets anyone read). */
const productionEnvironment = (versions: string) =>
  environment(
    productionStack,
    { CATALOG_PRODUCTION_TOKEN: production.token, CATALOG_STAGING_TOKEN: '' },
    { CATALOG_PRODUCTION_REGISTRY: production.url },
    { versions, ref: '' },
  );

async function runJob(file: string, cwd: string, values: ExpressionValues): Promise<JobRun> {
  const run = await runWorkflowJob(workflows[file]!, {
    cwd,
    // npm's cache in a test folder, its registry the staging one, and no peers installed (the
    // builder's react is its own business): nothing leaves 127.0.0.1.
    runnerEnv: runnerEnv({
      npm_config_cache: staging.npmCache,
      npm_config_registry: staging.url,
      npm_config_legacy_peer_deps: 'true',
    }),
    values,
    githubOnly: GITHUB_ONLY_STEPS,
    stepBudgetMs: STEP_BUDGET_MS,
  });
  expect(run.skipped).toEqual(GITHUB_ONLY_STEPS);
  // Whatever happened, no secret reached the log.
  for (const step of run.steps)
    for (const secret of [PUBLISH_STACK_SECRET, staging.token, production.token])
      expect(step.output, step.name).not.toContain(secret);
  return run;
}

function expectSteps(run: JobRun, expected: [string, number][]): void {
  const { codes, log } = stepCodes(run);
  expect(codes, log).toEqual(expected);
}

const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

const RELEASE_STEPS = [
  'Version the change sets',
  'Commit the version bump',
  'Build',
  'Release to the staging registry',
  'Publish to the staging catalog',
  'Let the builder try them',
];
/** The example's variant packages and their versions. */
const VARIANTS = ['callout1', 'cards1', 'counter1', 'cta1', 'features1', 'form1', 'hero1'];
const FIRST_RELEASE = VARIANTS.map((variant) => `@acme/ui-${variant}@${variant === 'features1' ? '1.2.0' : '1.0.0'}`);

describe('release.yml then promote.yml, run', { timeout: 360_000 }, () => {
  it('releases to staging on each push, then promotes one version to production behind its check', async () => {
    // The first push: every variant at 1.0.0, nothing to version.
    const first = await runJob('release.yml', await repository.checkout(), stagingEnvironment());
    expectSteps(
      first,
      RELEASE_STEPS.map((name) => [name, 0]),
    );
    expect(stepOutput(first, 'Commit the version bump')).toBe('no change set: nothing to commit\n');
    expect(await repository.log()).toEqual(['The schema package']);
    expect(stepOutput(first, 'Release to the staging registry')).toContain(
      `release --staging: 7 published with dist-tag staging, 0 already there; ${staging.url}\n`,
    );
    expect((await staging.packument('@acme/ui-hero1'))?.['dist-tags']).toEqual({ latest: '1.0.0', staging: '1.0.0' });
    expect(stepOutput(first, 'Publish to the staging catalog')).toContain(`published ${FIRST_RELEASE.join(', ')}\n`);
    expect(stagingStack.revalidations).toEqual(VARIANTS.map((packageId) => ({ body: { packageId }, status: 200 })));
    const before = await stagingStack.hostJson('/api/runtime-catalog/hero1');
    expect(before.status).toBe(200);
    expect((before.body as { version: string }).version).toBe('1.0.0');

    // A developer pushes a change set for hero1.
    const developer = await repository.checkout();
    const add = await runCatalogSchema(developer, [
      'changeset:add',
      'hero1',
      '--bump',
      'minor',
      '--summary',
      'Adds a subtitle.',
    ]);
    expect(add.code, add.output).toBe(0);
    await git(developer, ['add', '--all']);
    await git(developer, ['commit', '--quiet', '-m', 'Add a change set for hero1']);
    await git(developer, ['push', '--quiet', 'origin', 'HEAD:refs/heads/main']);

    // The push's run: versioned, committed back, built, released, published, tried by the builder.
    stagingStack.revalidations.length = 0;
    const productionWrites = production.writes().length;
    const second = await repository.checkout();
    const release = await runJob('release.yml', second, stagingEnvironment());
    expectSteps(
      release,
      RELEASE_STEPS.map((name) => [name, 0]),
    );
    expect(await repository.log()).toEqual([
      'Version the variant packages (catalog-schema changeset:version)',
      'Add a change set for hero1',
      'The schema package',
    ]);
    expect(JSON.parse(await repository.show('packages/ui-hero1/package.json')).version).toBe('1.1.0');
    expect(await repository.show('packages/ui-hero1/CHANGELOG.md')).toBe(
      '# @acme/ui-hero1\n\n## 1.1.0\n\n### Minor Changes\n\n- Adds a subtitle.\n',
    );
    expect(await git(repository.origin, ['ls-tree', '-r', '--name-only', 'main', '.changeset'])).toBe('');

    expect(stepOutput(release, 'Release to the staging registry')).toContain(
      `release --staging: 1 published with dist-tag staging, 6 already there; ${staging.url}\n`,
    );
    const onStaging = await staging.packument('@acme/ui-hero1');
    expect(onStaging?.['dist-tags']).toEqual({ latest: '1.0.0', staging: '1.1.0' });
    expect(Object.keys(onStaging?.versions ?? {})).toEqual(['1.0.0', '1.1.0']);

    // The staging stores hold 1.1.0, and the host was revalidated for hero1 only, after them.
    expect(await readJson(join(stagingStack.artifactsDir, '@acme/ui-hero1@1.1.0/descriptor.json'))).toMatchObject({
      name: '@acme/ui-hero1',
      version: '1.1.0',
    });
    expect((await stat(join(stagingStack.esmDir, '@acme/ui-hero1@1.1.0.mjs'))).isFile()).toBe(true);
    expect(stagingStack.revalidations).toEqual([{ body: { packageId: 'hero1' }, status: 200 }]);
    expect(stepOutput(release, 'Publish to the staging catalog')).toContain(
      'published @acme/ui-hero1@1.1.0; 6 up to date\n',
    );
    const after = await stagingStack.hostJson('/api/runtime-catalog/hero1');
    expect(after.status).toBe(200);
    expect((after.body as { version: string }).version).toBe('1.1.0');

    // The builder was pinned to the staging version and installed it (in the run's checkout only).
    const builder = await readJson(join(second, 'builder/package.json'));
    expect(builder.dependencies).toEqual({ '@acme/ui-hero1': '1.1.0' });
    expect(builder.catalogStaging).toEqual(['@acme/ui-hero1']);
    expect((await readJson(join(second, 'builder/node_modules/@acme/ui-hero1/package.json'))).version).toBe('1.1.0');
    // Nothing reached production.
    expect(production.writes()).toHaveLength(productionWrites);
    expect(productionStack.revalidations).toEqual([]);

    // Promoting a version this checkout does not hold stops before anything is promoted.
    const stagingWrites = staging.writes().length;
    const refused = await runJob(
      'promote.yml',
      await repository.checkout(),
      productionEnvironment('@acme/ui-hero1@1.0.0'),
    );
    expectSteps(refused, [
      ['Check the inputs', 0],
      ['Go to the ref', 0],
      ['Check out the versions to promote', 1],
    ]);
    expect(stepOutput(refused, 'Check out the versions to promote')).toBe(
      '@acme/ui-hero1@1.0.0: this checkout has @acme/ui-hero1@1.1.0; run again with ref set to the commit that versioned 1.0.0\n',
    );
    expect(production.writes()).toHaveLength(productionWrites);

    // The approved promotion: the staging tarball on production as latest, then the production catalog.
    const promote = await runJob(
      'promote.yml',
      await repository.checkout(),
      productionEnvironment('@acme/ui-hero1@1.1.0'),
    );
    expectSteps(promote, [
      ['Check the inputs', 0],
      ['Go to the ref', 0],
      ['Check out the versions to promote', 0],
      ['Promote to the production registry', 0],
      ['Publish to the production catalog', 0],
    ]);
    const onProduction = await production.packument('@acme/ui-hero1');
    expect(onProduction?.['dist-tags']).toEqual({ latest: '1.1.0' });
    expect(Object.keys(onProduction?.versions ?? {})).toEqual(['1.1.0']);
    expect(onProduction?.versions['1.1.0']?.dist.integrity).toBe(onStaging?.versions['1.1.0']?.dist.integrity);
    expect(await readJson(join(productionStack.artifactsDir, '@acme/ui-hero1@1.1.0/descriptor.json'))).toMatchObject({
      name: '@acme/ui-hero1',
      version: '1.1.0',
    });
    expect(
      (await readJson(join(productionStack.artifactsDir, 'catalog.json'))).packages.map(
        (entry: { id: string; version: string }) => [entry.id, entry.version],
      ),
    ).toEqual([['hero1', '1.1.0']]);
    expect((await stat(join(productionStack.esmDir, '@acme/ui-hero1@1.1.0.mjs'))).isFile()).toBe(true);
    expect(productionStack.revalidations).toEqual([{ body: { packageId: 'hero1' }, status: 200 }]);
    const served = await productionStack.hostJson('/api/runtime-catalog/hero1');
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      version: '1.1.0',
      module: { url: expect.stringContaining(`${productionStack.esmOrigin}/@acme/ui-hero1@1.1.0?`) },
    });
    // Staging was only read.
    expect(staging.writes()).toHaveLength(stagingWrites);
  });
});
