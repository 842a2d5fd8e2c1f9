import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCatalogSchema } from '../../e2e/support/catalog-schema-cli.js';
import { readWorkflow, type Workflow } from '../../testing/ci/read-workflow.js';
import { type JobRun, runnerEnv, runWorkflowJob, stepCodes, stepOutput } from '../../testing/ci/run-workflow-job.js';
import {
  createSchemaPackageRepository,
  GITHUB_ONLY_STEPS,
  type SchemaPackageRepository,
} from '../../testing/ci/schema-package-repository.js';
import { templateWorkflowsDir } from '../../testing/ci/workflow-job.js';

// The template's pull-request.yml run as written (docs/authoring-ci.md): its `run:` steps in
// order, with `sh -e -c`, in a clone of a repository seeded with examples/schema-package, the CLI
// this repository's built bin (`npm run build -w @runtime-component-catalog/authoring`).

let repository: SchemaPackageRepository;
let workflow: Workflow;

beforeAll(async () => {
  repository = await createSchemaPackageRepository();
  workflow = await readWorkflow(join(templateWorkflowsDir, 'pull-request.yml'));
}, 60_000);

afterAll(async () => {
  await repository?.remove();
});

async function runPullRequest(root: string): Promise<JobRun> {
  const run = await runWorkflowJob(workflow, {
    cwd: root,
    runnerEnv: runnerEnv(),
    // It reads no secret, variable or input.
    values: { secrets: {}, vars: {}, inputs: {} },
    githubOnly: GITHUB_ONLY_STEPS,
    // validate and generate of the example, cold, at load 8 on 2 cores.
    stepBudgetMs: 60_000,
  });
  expect(run.skipped).toEqual(GITHUB_ONLY_STEPS);
  return run;
}

describe('pull-request.yml, run', { timeout: 120_000 }, () => {
  it('passes on a package whose generated output is up to date, and fails at generate --check after a source change', async () => {
    const root = await repository.checkout();
    // The output a package from the template commits (the example ignores its own; golden/ holds it).
    expect((await runCatalogSchema(root, ['generate'])).code).toBe(0);
    const passed = stepCodes(await runPullRequest(root));
    expect(passed.codes, passed.log).toEqual([
      ['Validate', 0],
      ['Generated output is up to date', 0],
    ]);

    // A component's title changed, and the output was not generated again.
    const component = join(root, 'src/source/components/hero/hero1.json');
    await writeFile(component, (await readFile(component, 'utf8')).replace('"title": "Hero 1"', '"title": "Hero One"'));
    const stale = await runPullRequest(root);
    const failed = stepCodes(stale);
    expect(failed.codes, failed.log).toEqual([
      ['Validate', 0],
      ['Generated output is up to date', 1],
    ]);
    expect(stepOutput(stale, 'Generated output is up to date')).toContain(
      [
        '.catalog-schema/compiled-schema.json:3:1 output-outdated out of date: run the command without --check',
        '.catalog-schema/outputs.json:5:1 output-outdated out of date: run the command without --check',
        'cms/src/components/hero/hero1.json:4:1 output-outdated out of date: run the command without --check',
        'generated/registries/global.json:712:1 output-outdated out of date: run the command without --check',
        'generated/registries/strapi.json:160:1 output-outdated out of date: run the command without --check',
        'generated/types/index.ts:77:1 output-outdated out of date: run the command without --check',
        'generate out of date: 6 problems in 6 files',
        '',
      ].join('\n'),
    );
  });
});
