import { mkdir, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseWorkflowText, type Workflow } from '../../testing/ci/read-workflow.js';
import { runnerEnv, runWorkflowJob } from '../../testing/ci/run-workflow-job.js';
import { expressionsIn, onlyJob } from '../../testing/ci/workflow-job.js';
import { runCli } from '../cli/run-cli.js';
import { renderTemplate } from '../init/render-template.js';
import { readSchemaPackageTemplate } from '../init/schema-package-template.js';
import { parsePackageVersion } from '../release/package-version.js';
import { memoryIo } from '../testing/memory-io.js';
import { makeTempDir, removeTempDirs } from '../testing/temp-package.js';

// The commands the template's workflows run with operands (promote.yml: `promote -- "$@"`,
// `publish -- "$@"`; release.yml: `publish -- "$@"`) end the options with `--`: whatever
// follows is an operand, checked against its exact form, never an option (docs/authoring-ci.md);
// promote.yml's own check of that form agrees with the CLI's, item by item.

/** A server that answers 404 to everything and keeps each request with its Authorization header. */
async function recordingServer(): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url} ${request.headers.authorization ?? '(no authorization)'}`);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests };
}

let staging: Awaited<ReturnType<typeof recordingServer>>;
let production: Awaited<ReturnType<typeof recordingServer>>;
/** Where an injected `--production-registry=` or `--staging-registry=` would send the tokens. */
let elsewhere: Awaited<ReturnType<typeof recordingServer>>;

beforeAll(async () => {
  [staging, production, elsewhere] = await Promise.all([recordingServer(), recordingServer(), recordingServer()]);
});

afterAll(async () => {
  await Promise.all(
    [staging, production, elsewhere].map(({ server }) => new Promise((resolve) => server.close(resolve))),
  );
});

afterEach(async () => {
  for (const { requests } of [staging, production, elsewhere]) requests.length = 0;
  await removeTempDirs();
});

/** Runs the CLI in a fresh folder (no config: scope @acme) with `env` only; its exit code and JSON report. */
async function run(args: readonly string[], env: Record<string, string>) {
  const root = await makeTempDir();
  const { io, stdout } = memoryIo(root);
  const code = await runCli(args, io, { env });
  return { code, report: JSON.parse(stdout()) as { error?: { code: string; message: string } } };
}

const promoteEnv = () => ({
  CATALOG_STAGING_REGISTRY: staging.url,
  CATALOG_PRODUCTION_REGISTRY: production.url,
  CATALOG_PRODUCTION_TOKEN: 'production-token',
  CATALOG_STAGING_TOKEN: 'staging-token',
});

describe('promote -- <package>@<version>...', () => {
  // ELSEWHERE: a third server, where an option read from the operands would send a token. A
  // leading zero is not semver: refused as well, by promoteVersions' own check.
  it.each([
    '--production-registry=ELSEWHERE/ui-hero1@1.0.0',
    '--staging-registry=ELSEWHERE/',
    '--dry-run',
    '-h',
    '@acme/ui-hero1@01.0.0',
  ])('takes %s after -- as an operand and refuses it (usage, exit 2) before any request', async (operand) => {
    const hostile = operand.replace('ELSEWHERE/', elsewhere.url);
    const { code, report } = await run(
      ['promote', '--format', 'json', '--', hostile, '@acme/ui-hero1@1.0.0'],
      promoteEnv(),
    );
    expect(code).toBe(2);
    expect(report.error?.code).toBe('usage');
    expect(report.error?.message).toContain(JSON.stringify(hostile));
    expect([...staging.requests, ...production.requests, ...elsewhere.requests]).toEqual([]);
  });

  it('promotes the operands after -- (here: asks staging, which has none of them)', async () => {
    const { code, report } = await run(
      ['promote', '--format', 'json', '--', '@acme/ui-hero1@1.0.0', '@acme/ui-hero2@1.0.0'],
      promoteEnv(),
    );
    expect(code).toBe(1);
    expect(report.error?.code).toBe('promote-not-on-staging');
    expect(staging.requests.sort()).toEqual([
      'GET /@acme%2fui-hero1 Bearer staging-token',
      'GET /@acme%2fui-hero2 Bearer staging-token',
    ]);
    expect([...production.requests, ...elsewhere.requests]).toEqual([]);
  });
});

describe('publish -- <variant>...', () => {
  it('takes options and code after -- as variant names and refuses them (variant-unknown) before any write or request', async () => {
    const root = await makeTempDir();
    await mkdir(join(root, 'packages'));
    const [artifacts, esm] = [join(root, 'artifacts'), join(root, 'esm')];
    await Promise.all([mkdir(artifacts), mkdir(esm)]);
    const { io, stdout } = memoryIo(root);
    const operands = ['--force', '--dry-run', '$(touch pwned)', '*'];
    const code = await runCli(['publish', '--format', 'json', '--', ...operands], io, {
      env: {
        HOST_APP_URL: elsewhere.url,
        HOST_REVALIDATION_SECRET: 'revalidation-secret',
        CATALOG_ARTIFACTS_STORE: artifacts,
        ARTIFACTS_ORIGIN: elsewhere.url,
        CATALOG_ESM_STORE: esm,
        ESM_ORIGIN: elsewhere.url,
      },
    });
    expect(code).toBe(2);
    const report = JSON.parse(stdout()) as { error: { code: string; message: string } };
    expect(report.error.code).toBe('variant-unknown');
    for (const operand of operands) expect(report.error.message).toContain(`"${operand}"`);
    expect([...(await readdir(artifacts)), ...(await readdir(esm)), ...elsewhere.requests]).toEqual([]);
  });
});

describe("promote.yml's check of the versions and the CLI's", () => {
  let workflow: Workflow;

  beforeAll(async () => {
    const files = renderTemplate(await readSchemaPackageTemplate(), {
      names: { name: '@acme/catalog-schemas', scope: '@acme' },
      cms: { path: 'cms', recorded: 'default' },
    });
    workflow = await parseWorkflowText(
      'promote.yml',
      new TextDecoder().decode(files.get('.github/workflows/promote.yml')),
    );
  });

  /** "Check the inputs" of the promote.yml init writes, run alone with `versions`: 'taken' or 'refused'. */
  async function stepVerdict(versions: string): Promise<string> {
    // Every secret and variable the workflow names, empty: the step reads none of them.
    const named = (kind: string) =>
      Object.fromEntries(
        expressionsIn(workflow.tree)
          .map(({ expression }) => expression.text)
          .filter((text) => text.startsWith(`${kind}.`))
          .map((text) => [text.slice(kind.length + 1), '']),
      );
    const run = await runWorkflowJob(workflow, {
      cwd: await makeTempDir(),
      runnerEnv: runnerEnv(),
      values: { secrets: named('secrets'), vars: named('vars'), inputs: { versions, ref: '' } },
      githubOnly: onlyJob(workflow)
        .steps.map((step) => step.name)
        .filter((name) => name !== 'Check the inputs'),
      stepBudgetMs: 10_000,
    });
    return run.steps[0]!.code === 0 ? 'taken' : 'refused';
  }

  const cliVerdict = (spec: string) => {
    try {
      parsePackageVersion(spec, '@acme');
      return 'taken';
    } catch {
      return 'refused';
    }
  };

  // One item each (no blank inside): the step's POSIX ERE and parsePackageVersion give one verdict.
  it.each([
    ...['1.0.0', '0.0.0', '10.20.30', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-0.3.7', '1.0.0-x.7.z.92'],
    ...['1.0.0-x-y-z.--', '1.0.0+20130313144700', '1.0.0-beta+exp.sha.5114f85', '1.0.0+21AF26D3----117B344092BD'],
    ...['01.0.0', '1.01.0', '1.0.00', '1.0', '1', '1.0.0-', '1.0.0-01', '1.0.0-alpha..1', '1.0.0+', '1.0.0+a..b'],
    ...['v1.0.0', 'latest', '^1.0.0', '1.0.0-beta_1', '1.0.0@1.0.0', ''],
  ])('one verdict on @acme/ui-hero1@%s', async (version) => {
    const spec = `@acme/ui-hero1@${version}`;
    expect(await stepVerdict(spec)).toBe(cliVerdict(spec));
  });

  it.each([
    '@acme/ui-a-b2@1.0.0',
    '@acme/ui-Hero1@1.0.0',
    '@acme/ui--hero1@1.0.0',
    '@acme/ui-@1.0.0',
    '@acme/hero1@1.0.0',
    'acme/ui-hero1@1.0.0',
    '@ACME/ui-hero1@1.0.0',
    '@acme/ui-hero1',
    '-@acme/ui-hero1@1.0.0',
    '@acme/ui-hero1/../x@1.0.0',
    '@acme/ui-héro1@1.0.0',
    '@acme/ui-hero1@1.0.0\u00a0',
  ])('one verdict on %j', async (spec) => {
    expect(await stepVerdict(spec)).toBe(cliVerdict(spec));
  });
});
