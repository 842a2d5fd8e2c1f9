import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Expression,
  parseWorkflowText,
  readWorkflow,
  type Workflow,
  type WorkflowValue,
} from '../../testing/ci/read-workflow.js';
import { expressionsIn, onlyJob, templateWorkflowsDir, type WorkflowStep } from '../../testing/ci/workflow-job.js';
import { publishEnv } from '../publish/publish-settings.js';
import { releaseEnv } from '../release/release-registries.js';

// The CI recipes a schema package gets from `catalog-schema init`
// (templates/schema-package/.github/workflows/, docs/authoring-ci.md), read by GitHub's own
// parser (@actions/workflow-parser). pull-request-workflow.test.ts and release-workflows.test.ts run their steps.

const FILES = ['promote.yml', 'pull-request.yml', 'release.yml'] as const;
const workflows: Record<string, Workflow> = {};

beforeAll(async () => {
  for (const file of FILES) workflows[file] = await readWorkflow(join(templateWorkflowsDir, file));
}, 60_000);

/** The commands a job's `run:` scripts start, in order: `npm …`, `git push`, and `catalog-schema <command> [--flags]`. */
function commandsOf(file: string): string[] {
  return onlyJob(workflows[file]!).steps.flatMap((step) =>
    typeof step.run === 'string'
      ? [
          ...step.run.matchAll(
            /npx --no catalog-schema ([a-z:-]+(?: --[a-z-]+)*)|(npm (?:ci|run [a-z:-]+(?: -- --[a-z-]+)*))|(git push)/g,
          ),
        ].map((match) => match[1] ?? match[2] ?? match[3]!)
      : [],
  );
}

/** Every `secrets.X`, `vars.X` or `inputs.X` a workflow names, with where. */
function references(file: string, kind: 'secrets' | 'vars' | 'inputs'): { path: string; name: string }[] {
  return expressionsIn(workflows[file]!.tree)
    .filter(({ expression }) => expression.text.startsWith(`${kind}.`))
    .map(({ path, expression }) => ({ path, name: expression.text.slice(kind.length + 1) }));
}

describe('the CI workflows of the schema package template', () => {
  it('are the three workflows and nothing else (init copies the folder into every package)', async () => {
    const dir = join(templateWorkflowsDir, '..');
    const entries = await readdir(dir, { recursive: true });
    expect(entries.sort()).toEqual(['workflows', ...FILES.map((file) => `workflows/${file}`)]);
  });

  it.each(FILES)('%s parses with zero errors', (file) => {
    expect(workflows[file]!.errors).toEqual([]);
  });

  it('the parser reports what GitHub would refuse (so zero errors means something)', async () => {
    const broken = await parseWorkflowText(
      'broken.yml',
      [
        'on: push',
        'permisions: {}',
        'jobs:',
        '  release:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - run: npx --no catalog-schema publish',
        `        if: \${{ secrets.HOST_REVALIDATION_SECRET }}`,
        '',
      ].join('\n'),
    );
    expect(broken.errors).toEqual([
      "broken.yml (Line: 2, Col: 1): Unexpected value 'permisions'",
      "broken.yml (Line: 8, Col: 13): Unrecognized named-value: 'secrets'",
    ]);
  });

  it.each(FILES)('%s: expressions only name a secret, a variable or an input; run scripts have none', (file) => {
    for (const { path, expression } of expressionsIn(workflows[file]!.tree)) {
      expect(expression.text, path).toMatch(/^(secrets|vars|inputs)\.[A-Za-z_][A-Za-z0-9_]*$/);
      expect(path, expression.source).not.toMatch(/\.run$/);
    }
  });

  it.each(FILES)('%s: secrets only in a step env, never read or traced by a script', (file) => {
    const job = onlyJob(workflows[file]!);
    const secretVariables = new Set<string>();
    for (const { path, name } of references(file, 'secrets')) {
      expect(path).toMatch(new RegExp(`^jobs\\.${job.id}\\.steps\\.\\d+\\.env\\.${name}$`));
      secretVariables.add(name);
    }
    for (const step of job.steps) {
      if (typeof step.run !== 'string') continue;
      expect(step.run).not.toMatch(/set -[a-z]*x|set -o xtrace/);
      for (const name of secretVariables) expect(step.run, step.name).not.toMatch(new RegExp(`\\$\\{?${name}\\b`));
    }
  });

  it.each(FILES)('%s: the only programs a step with a secret starts are `npx --no catalog-schema …`', (file) => {
    for (const step of onlyJob(workflows[file]!).steps) {
      if (Object.keys(stepSecretsOf(step)).length === 0 || typeof step.run !== 'string') continue;
      const programs = step.run
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => !SHELL_ONLY.some((pattern) => pattern.test(line)));
      expect(programs.length, step.name).toBe(1);
      expect(programs[0], step.name).toMatch(/^npx --no catalog-schema [a-z:-]+( --staging| -- "\$@")?$/);
    }
  });

  it.each(FILES)('%s: inputs reach scripts through the job env only, and operands after `--`, quoted', (file) => {
    const job = onlyJob(workflows[file]!);
    for (const { path } of references(file, 'inputs')) expect(path).toMatch(new RegExp(`^jobs\\.${job.id}\\.env\\.`));
    for (const step of job.steps) {
      if (typeof step.run !== 'string') continue;
      // `$@` built with `set --`: each operand one quoted word, never split or globbed again.
      for (const line of step.run.split('\n').filter((line) => line.includes('npx ')))
        expect(line.trim(), step.name).toMatch(/^npx --no catalog-schema [a-z:-]+(?: --staging| -- "\$@")?$/);
    }
  });

  it.each(FILES)('%s: least permissions, pinned actions, Node 22, sh for every script', (file) => {
    const { tree } = workflows[file]!;
    const job = onlyJob(workflows[file]!);
    const step = (name: string) => job.steps.find((candidate) => candidate.name === name)!;
    expect(tree.defaults).toEqual({ run: { shell: 'sh' } });
    expect(job.steps.filter((step) => step.uses !== undefined).map((step) => [step.name, step.uses])).toEqual([
      ['Check out', 'actions/checkout@v4'],
      ['Set up Node', 'actions/setup-node@v4'],
    ]);
    expect(step('Set up Node').with).toEqual({ 'node-version': '22', cache: 'npm' });
    const permissions = { ...(tree.permissions as object), ...(job.raw.permissions as object | undefined) };
    expect(permissions).toEqual({ contents: file === 'release.yml' ? 'write' : 'read' });
    // Only release pushes (the version bump): the others keep no token in the checkout.
    expect(step('Check out').with['persist-credentials']).toBe(file === 'release.yml' ? undefined : 'false');
  });

  it('pull-request.yml: on pull requests, validate then generate --check', () => {
    expect(workflows['pull-request.yml']!.tree.on).toEqual({ pull_request: null });
    expect(commandsOf('pull-request.yml')).toEqual(['npm ci', 'npm run validate', 'npm run generate -- --check']);
  });

  it('release.yml: on push to main, in the order of spec 9.5 and 4.2, one at a time, with the staging settings', () => {
    const { tree } = workflows['release.yml']!;
    const job = onlyJob(workflows['release.yml']!);
    expect(tree.on).toEqual({ push: { branches: ['main'] } });
    expect(tree.permissions).toEqual({});
    expect(tree.concurrency).toEqual({ group: 'catalog-release-staging', 'cancel-in-progress': false });
    expect(job.raw.environment).toBe('staging');
    expect(commandsOf('release.yml')).toEqual([
      'npm ci',
      'changeset:version',
      'git push',
      'build',
      'release --staging',
      'publish',
      'sync:deps --staging',
    ]);
    expect(stepSecrets('release.yml')).toEqual({
      'Release to the staging registry': [releaseEnv.stagingToken],
      'Publish to the staging catalog': [publishEnv.secret, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'],
    });
  });

  it('promote.yml: by hand with the versions as input, behind the production environment, promote then publish', () => {
    const { tree } = workflows['promote.yml']!;
    const job = onlyJob(workflows['promote.yml']!);
    expect(tree.on).toEqual({
      workflow_dispatch: {
        inputs: {
          versions: {
            description: expect.stringContaining('<package>@<version>'),
            required: true,
            type: 'string',
          },
          ref: { description: expect.stringContaining('full sha'), required: false, type: 'string', default: '' },
        },
      },
    });
    expect(job.raw.environment).toBe('production');
    expect(tree.concurrency).toEqual({ group: 'catalog-promote-production', 'cancel-in-progress': false });
    expect(commandsOf('promote.yml')).toEqual(['npm ci', 'promote', 'publish']);
    // The inputs are checked first; the ref is taken only from the branch's own history; the
    // versions are checked against the checkout before anything is promoted.
    expect(job.steps.map((step) => step.name)).toEqual([
      'Check the inputs',
      'Check out',
      'Go to the ref',
      'Set up Node',
      'Install',
      'Check out the versions to promote',
      'Promote to the production registry',
      'Publish to the production catalog',
    ]);
    expect(stepSecrets('promote.yml')).toEqual({
      'Promote to the production registry': [releaseEnv.productionToken, releaseEnv.stagingToken],
      'Publish to the production catalog': [publishEnv.secret, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'],
    });
    // The whole history, to check the ref against; no input in any action's `with:`.
    expect(job.steps[1]!.with).toEqual({ 'fetch-depth': '0', 'persist-credentials': 'false' });
    expect(job.env.PROMOTE_VERSIONS).toEqual(new Expression('inputs.versions', `\${{ inputs.versions }}`));
    expect(job.env.PROMOTE_REF).toEqual(new Expression('inputs.ref', `\${{ inputs.ref }}`));
  });

  it.each(['release.yml', 'promote.yml'])(
    '%s: every publish and registry setting the CLI reads, under its own name',
    (file) => {
      const job = onlyJob(workflows[file]!);
      const registries =
        file === 'release.yml'
          ? [releaseEnv.stagingRegistry]
          : [releaseEnv.stagingRegistry, releaseEnv.productionRegistry];
      const settings = Object.values(publishEnv).filter((name) => name !== publishEnv.secret);
      expect(Object.keys(job.env).sort()).toEqual(
        [...registries, ...settings, ...(file === 'promote.yml' ? ['PROMOTE_VERSIONS', 'PROMOTE_REF'] : [])].sort(),
      );
      // Each from the variable of the same name.
      for (const name of [...registries, ...settings])
        expect(job.env[name], name).toEqual(new Expression(`vars.${name}`, `\${{ vars.${name} }}`));
    },
  );

  it('docs/authoring-ci.md names every secret and variable the workflows read', async () => {
    const docs = await readFile(new URL('../../docs/authoring-ci.md', import.meta.url), 'utf8');
    const named = new Set(
      FILES.flatMap((file) => [...references(file, 'secrets'), ...references(file, 'vars')]).map(({ name }) => name),
    );
    expect(named.size).toBe(14);
    for (const name of named) expect(docs).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });
});

/** The lines of a script that start no program: dash builtins, assignments, control flow, blank. */
const SHELL_ONLY = [
  /^$/,
  /^set(?: -f| --(?: .*)?)?$/,
  /^for [a-z_]+ in [^;]*; do$/,
  /^done$/,
  /^if \[ [^;]* \]; then$/,
  /^fi$/,
  /^exit [0-9]$/,
  /^echo "[^"$`]*"$/,
  /^\[ -f "\$[a-z_]+" \] \|\| continue$/,
  /^[a-z_]+=\$\{[a-z_]+[%#][^}`$]*\}$/,
];

/** The secrets of one step: the variables they are set as, in order. */
function stepSecretsOf(step: WorkflowStep): string[] {
  return Object.entries(step.env)
    .filter(([, value]: [string, WorkflowValue]) => value instanceof Expression && value.text.startsWith('secrets.'))
    .map(([name, value]) => {
      expect(value).toEqual(new Expression(`secrets.${name}`, `\${{ secrets.${name} }}`));
      return name;
    });
}

/** For each step that has secrets: the variables they are set as, in order. */
function stepSecrets(file: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const step of onlyJob(workflows[file]!).steps) {
    const names = stepSecretsOf(step);
    if (names.length > 0) result[step.name] = names;
  }
  return result;
}
