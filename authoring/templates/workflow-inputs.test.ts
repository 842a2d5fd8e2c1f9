import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWorkflowText, type Workflow } from '../../testing/ci/read-workflow.js';
import { type JobRun, runnerEnv, runWorkflowJob, stepCodes } from '../../testing/ci/run-workflow-job.js';
import { git } from '../../testing/ci/schema-package-repository.js';
import { type ExpressionValues, expressionsIn } from '../../testing/ci/workflow-job.js';
import { renderTemplate } from '../init/render-template.js';
import { readSchemaPackageTemplate } from '../init/schema-package-template.js';

// Workflow inputs are data, never options or code (docs/authoring-ci.md "Inputs are data"). The workflows
// `catalog-schema init` writes run here as written: their `run:` steps with `sh -e -c` and the
// `env:` GitHub would give them, in clones of a small repository, with hostile inputs. The CLI
// (node_modules/.bin/catalog-schema, reached through the real npx) and npm are recording stubs:
// each call appends its program, its argv and the secrets it can see to a file.

/** One call of a stub: what it was started with. */
interface Call {
  readonly program: string;
  readonly argv: readonly string[];
  /** The secret variables set (non-empty) in its environment. */
  readonly secrets: readonly string[];
}

let dir: string;
let seed: string;
/** main's first commit (hero1 1.0.0), and a commit of another branch only. */
let first: string;
let side: string;
/** The file every injected command would create. */
let mark: string;
const workflows: Record<string, Workflow> = {};
let secretNames: string[] = [];
let runs = 0;

const references = (workflow: Workflow, kind: string) =>
  expressionsIn(workflow.tree)
    .map(({ expression }) => expression.text)
    .filter((text) => text.startsWith(`${kind}.`))
    .map((text) => text.slice(kind.length + 1));

const writeJson = async (path: string, value: unknown) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(value)}\n`);
};

/** packages/ui-<folder>/package.json; `folder` may be any file name, as a repository may hold. */
const variantPackage = (root: string, folder: string, name: string, version: string) =>
  writeJson(join(root, 'packages', `ui-${folder}`, 'package.json'), { name, version });

/** Folder names a repository may hold that a shell would read as code, options or globs. */
const ODD_FOLDERS = ['--force', '$(touch pwned)', '`touch pwned`', ';touch pwned', '*', 'a b'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workflow-inputs-'));
  mark = join(dir, 'pwned');
  const files = renderTemplate(await readSchemaPackageTemplate(), {
    names: { name: '@acme/catalog-schemas', scope: '@acme' },
    cms: { path: 'cms', recorded: 'default' },
  });
  for (const [path, bytes] of files)
    if (path.startsWith('.github/workflows/'))
      workflows[basename(path)] = await parseWorkflowText(basename(path), new TextDecoder().decode(bytes));
  secretNames = [...new Set(Object.values(workflows).flatMap((workflow) => references(workflow, 'secrets')))].sort();

  seed = join(dir, 'seed');
  await writeJson(join(seed, 'package.json'), { name: '@acme/catalog-schemas', version: '1.0.0', private: true });
  await writeFile(join(seed, '.gitignore'), 'node_modules/\n');
  await variantPackage(seed, 'hero1', '@acme/ui-hero1', '1.0.0');
  await git(seed, ['init', '--quiet', '--initial-branch=main']);
  await git(seed, ['add', '--all']);
  await git(seed, ['commit', '--quiet', '-m', 'hero1 1.0.0']);
  first = (await git(seed, ['rev-parse', 'HEAD'])).trim();
  await variantPackage(seed, 'hero1', '@acme/ui-hero1', '1.1.0');
  await variantPackage(seed, 'cta1', '@acme/ui-cta1', '1.2.0-rc.1');
  for (const folder of ODD_FOLDERS) await variantPackage(seed, folder, `@acme/ui-odd`, '1.0.0');
  await git(seed, ['add', '--all']);
  await git(seed, ['commit', '--quiet', '-m', 'hero1 1.1.0, cta1 and odd folders']);
  // A commit main never had (as a pull request's would be).
  await git(seed, ['checkout', '--quiet', '-b', 'side']);
  await variantPackage(seed, 'hero1', '@acme/ui-hero1', '1.2.0');
  await git(seed, ['commit', '--quiet', '-am', 'hero1 1.2.0 on a side branch']);
  side = (await git(seed, ['rev-parse', 'HEAD'])).trim();
  await git(seed, ['checkout', '--quiet', 'main']);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A program that appends one JSON line (its name, argv, the secrets it sees) to `record` and exits 0. */
async function writeStub(path: string, program: string, record: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const source = [
    '#!/usr/bin/env node',
    `const secrets = ${JSON.stringify(secretNames)};`,
    `require('node:fs').appendFileSync(${JSON.stringify(record)}, JSON.stringify({`,
    `  program: ${JSON.stringify(program)},`,
    '  argv: process.argv.slice(2),',
    "  secrets: secrets.filter((name) => (process.env[name] ?? '') !== ''),",
    "}) + '\\n');",
  ];
  await writeFile(path, `${source.join('\n')}\n`);
  await chmod(path, 0o755);
}

/** Every secret and variable of the workflow with a value of its own; the inputs as given. */
function valuesOf(workflow: Workflow, inputs: Record<string, string>): ExpressionValues {
  const named = (kind: string, value: (name: string) => string) =>
    Object.fromEntries(references(workflow, kind).map((name) => [name, value(name)]));
  return {
    secrets: named('secrets', (name) => `secret-value-of-${name}`),
    vars: named('vars', (name) => `var-${name}`),
    inputs,
  };
}

/**
 * Runs `file`'s job in a fresh clone of the seed with the stubs, every step but checkout and
 * setup-node (`npm ci` runs: the stub). Its steps, the calls, the clone.
 */
async function runJob(
  file: string,
  inputs: Record<string, string> = {},
): Promise<{ run: JobRun; calls: Call[]; root: string }> {
  const workflow = workflows[file]!;
  runs += 1;
  const base = join(dir, `run-${runs}`);
  const root = join(base, 'checkout');
  const record = join(base, 'calls.jsonl');
  await git(dir, ['clone', '--quiet', seed, root]);
  await writeStub(join(root, 'node_modules/.bin/catalog-schema'), 'catalog-schema', record);
  await writeStub(join(base, 'bin/npm'), 'npm', record);
  const runner = runnerEnv();
  const run = await runWorkflowJob(workflow, {
    cwd: root,
    runnerEnv: { ...runner, PATH: `${join(base, 'bin')}${delimiter}${runner.PATH}` },
    values: valuesOf(workflow, inputs),
    githubOnly: ['Check out', 'Set up Node'],
    stepBudgetMs: 30_000,
  });
  for (const step of run.steps)
    for (const name of secretNames) expect(step.output, step.name).not.toContain(`secret-value-of-${name}`);
  const text = existsSync(record) ? await readFile(record, 'utf8') : '';
  const calls = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Call);
  return { run, calls, root };
}

const PROMOTE_SECRETS = ['CATALOG_PRODUCTION_TOKEN', 'CATALOG_STAGING_TOKEN'];
const PUBLISH_SECRETS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'HOST_REVALIDATION_SECRET'];
const PROMOTE_STEPS = [
  'Check the inputs',
  'Go to the ref',
  'Install',
  'Check out the versions to promote',
  'Promote to the production registry',
  'Publish to the production catalog',
];

/** The run stopped at "Check the inputs" (exit 2) with one line that shows no input raw; nothing was called. */
function expectRefusedAtCheck({ run, calls }: { run: JobRun; calls: Call[] }): void {
  const { codes, log } = stepCodes(run);
  expect(codes, log).toEqual([['Check the inputs', 2]]);
  expect(run.steps[0]!.output).toMatch(
    /^(?:versions: item \d+, [A-Za-z0-9@/._~+?-]*, is not <scope>\/ui-<variant>@<version> \(strict semver\), such as @acme\/ui-hero1@1\.2\.0|versions: none given|ref: not the full 40-character sha of a commit \(lowercase hex, as git log prints it\))\n$/,
  );
  expect(calls).toEqual([]);
  expect(existsSync(mark)).toBe(false);
}

describe('promote.yml with its inputs', { timeout: 60_000 }, () => {
  it.each([
    ['spaces', '@acme/ui-hero1@1.1.0 @acme/ui-cta1@1.2.0-rc.1'],
    ['tabs, newlines and spaces around', ' \t@acme/ui-hero1@1.1.0\n\n @acme/ui-cta1@1.2.0-rc.1 \n'],
  ])(
    'runs exactly promote -- <versions> and publish -- <variants>, the tokens theirs only (%s)',
    async (_, versions) => {
      const { run, calls } = await runJob('promote.yml', { versions, ref: '' });
      const { codes, log } = stepCodes(run);
      expect(codes, log).toEqual(PROMOTE_STEPS.map((name) => [name, 0]));
      expect(calls).toEqual([
        { program: 'npm', argv: ['ci'], secrets: [] },
        {
          program: 'catalog-schema',
          argv: ['promote', '--', '@acme/ui-hero1@1.1.0', '@acme/ui-cta1@1.2.0-rc.1'],
          secrets: PROMOTE_SECRETS,
        },
        { program: 'catalog-schema', argv: ['publish', '--', 'hero1', 'cta1'], secrets: PUBLISH_SECRETS },
      ]);
    },
  );

  it('goes to a ref of the branch and checks the versions there', async () => {
    const { run, calls, root } = await runJob('promote.yml', { versions: '@acme/ui-hero1@1.0.0', ref: first });
    const { codes, log } = stepCodes(run);
    expect(codes, log).toEqual(PROMOTE_STEPS.map((name) => [name, 0]));
    expect((await git(root, ['rev-parse', 'HEAD'])).trim()).toBe(first);
    expect(calls.map((call) => call.argv)).toEqual([
      ['ci'],
      ['promote', '--', '@acme/ui-hero1@1.0.0'],
      ['publish', '--', 'hero1'],
    ]);
  });

  it('refuses a ref that is not a commit of the branch (a side branch, a pull request) before npm ci', async () => {
    const { run, calls } = await runJob('promote.yml', { versions: '@acme/ui-hero1@1.2.0', ref: side });
    const { codes, log } = stepCodes(run);
    expect(codes, log).toEqual([
      ['Check the inputs', 0],
      ['Go to the ref', 1],
    ]);
    expect(run.steps[1]!.output).toContain(`ref ${side} is not a commit of refs/heads/main: give one of its history\n`);
    expect(calls).toEqual([]);
  });

  it('refuses a version of another package than the checkout has, before anything with a token', async () => {
    const { run, calls } = await runJob('promote.yml', { versions: '@other/ui-hero1@1.1.0', ref: '' });
    expect(stepCodes(run).codes.at(-1)).toEqual(['Check out the versions to promote', 1]);
    expect(run.steps.at(-1)!.output).toBe(
      '@other/ui-hero1@1.1.0: packages/ui-hero1/package.json is @acme/ui-hero1@1.1.0, another package\n',
    );
    expect(calls).toEqual([{ program: 'npm', argv: ['ci'], secrets: [] }]);
  });

  const hostileVersions = (): [string, string][] => [
    ['an option before a version', '--production-registry=http://127.0.0.1:9/ui-hero1@1.0.0 @acme/ui-hero1@1.1.0'],
    ['the staging registry', '--staging-registry=http://127.0.0.1:9/ @acme/ui-hero1@1.1.0'],
    ['an option after', '@acme/ui-hero1@1.1.0 --dry-run'],
    ['an end of options', '-- @acme/ui-hero1@1.1.0'],
    ['a command substitution', `@acme/ui-hero1@1.1.0 $(touch ${mark})`],
    ['backticks', `@acme/ui-hero1@1.1.0\`touch ${mark}\``],
    ['a semicolon', `@acme/ui-hero1@1.1.0;touch ${mark}`],
    ['&&', `@acme/ui-hero1@1.1.0 && touch ${mark}`],
    ['a pipe', `@acme/ui-hero1@1.1.0 | touch ${mark}`],
    ['a redirection', `@acme/ui-hero1@1.1.0 > ${mark}`],
    ['a newline', `@acme/ui-hero1@1.1.0\ntouch ${mark}`],
    ['a carriage return and a workflow command', '@acme/ui-hero1@1.1.0\r::add-mask::x'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the variable is the hostile text
    ['a variable', '@acme/ui-hero1@1.1.0 ${CATALOG_PRODUCTION_TOKEN}'],
    ['a glob in a name', '@acme/ui-*@1.1.0'],
    ['a glob alone', '@acme/ui-hero1@1.1.0 *'],
    ['a path glob', '@acme/ui-hero1@1.1.0 /*'],
    ['a path', '@acme/ui-hero1@1.1.0 ../../etc/passwd'],
    ['a range', '@acme/ui-hero1@^1.1.0'],
    ['nothing', ''],
    ['blanks only', ' \t\n'],
  ];
  it.each(hostileVersions())('refuses %s in versions at the first step, running nothing', async (_, versions) => {
    expectRefusedAtCheck(await runJob('promote.yml', { versions, ref: '' }));
  });

  const hostileRefs = (): [string, string][] => [
    ['an option', `--upload-pack=touch ${mark}`],
    ['a branch name', 'main'],
    ['HEAD', 'HEAD'],
    ['a ref path', 'refs/heads/main'],
    ['a revision expression', 'HEAD~1'],
    ['a sha and a newline', `${'a'.repeat(40)}\n--upload-pack=touch ${mark}`],
    ['upper case', 'A'.repeat(40)],
    ['39 digits', 'a'.repeat(39)],
    ['41 digits', 'a'.repeat(41)],
    ['an abbreviated sha', 'abcdef1'],
    ['a command substitution', `$(touch ${mark})`],
    ['a semicolon', `${'a'.repeat(40)};touch ${mark}`],
    ['a leading space', ` ${'a'.repeat(40)}`],
  ];
  it.each(hostileRefs())('refuses %s in ref at the first step, running nothing', async (_, ref) => {
    expectRefusedAtCheck(await runJob('promote.yml', { versions: '@acme/ui-hero1@1.1.0', ref }));
  });
});

describe('release.yml and pull-request.yml', { timeout: 60_000 }, () => {
  it('release.yml gives publish every folder name as an operand after --, running nothing of them', async () => {
    const { run, calls, root } = await runJob('release.yml');
    const { codes, log } = stepCodes(run);
    expect(
      codes.every(([, code]) => code === 0),
      log,
    ).toBe(true);
    // The glob's order is the shell's: publish's operands compared as a set.
    const sorted = calls.map((call) =>
      call.argv[0] === 'publish' ? { ...call, argv: [...call.argv.slice(0, 2), ...call.argv.slice(2).sort()] } : call,
    );
    expect(sorted).toEqual([
      { program: 'npm', argv: ['ci'], secrets: [] },
      { program: 'catalog-schema', argv: ['changeset:version'], secrets: [] },
      { program: 'catalog-schema', argv: ['build'], secrets: [] },
      { program: 'catalog-schema', argv: ['release', '--staging'], secrets: ['CATALOG_STAGING_TOKEN'] },
      {
        program: 'catalog-schema',
        argv: ['publish', '--', ...[...ODD_FOLDERS, 'cta1', 'hero1'].sort()],
        secrets: PUBLISH_SECRETS,
      },
      { program: 'catalog-schema', argv: ['sync:deps', '--staging'], secrets: [] },
    ]);
    expect(existsSync(join(root, 'pwned'))).toBe(false);
  });

  it('pull-request.yml runs npm ci, validate and generate --check, with no secret', async () => {
    const { run, calls } = await runJob('pull-request.yml');
    expect(stepCodes(run).codes.every(([, code]) => code === 0)).toBe(true);
    expect(calls).toEqual([
      { program: 'npm', argv: ['ci'], secrets: [] },
      { program: 'npm', argv: ['run', 'validate'], secrets: [] },
      { program: 'npm', argv: ['run', 'generate', '--', '--check'], secrets: [] },
    ]);
  });
});
