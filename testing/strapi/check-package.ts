import { join } from 'node:path';
import { bootProblems } from './boot-problems.js';
import type { BootSuccess } from './boot-report.js';
import { bootStrapi } from './boot-strapi.js';
import { catalogSchema } from './catalog-schema-cli.js';
import { createStrapiAppDir } from './strapi-app-dir.js';

/** What became of one schema package. */
export type PackageOutcome =
  /** `validate` refused it: nothing more to check. */
  | { readonly status: 'refused'; readonly diagnostics: string }
  /** It validated, generated, booted in Strapi and passed every check. */
  | { readonly status: 'passed'; readonly bootMs: number; readonly report: BootSuccess }
  /** It validated, but a later step failed: a CLI bug (or a rule the validator lacks). */
  | { readonly status: 'failed'; readonly step: 'generate' | 'strapi'; readonly problems: readonly string[] };

/** The time one boot may take, compile and checks included, on a loaded machine. */
export const bootTimeoutMs = 180_000;

/**
 * The property every schema package must have: `lock:components`, then `validate`; when validate
 * accepts it, `generate` succeeds and real Strapi boots the cms output (in `language`) and passes
 * the query and link checks (and `extraProblems`, e.g. the generator's model against what Strapi
 * loaded).
 */
export async function checkPackage(
  root: string,
  language: 'js' | 'ts',
  extraProblems: (report: BootSuccess) => string[] = () => [],
): Promise<PackageOutcome> {
  await catalogSchema(root, ['lock:components']);
  const validate = await catalogSchema(root, ['validate']);
  if (validate.code !== 0) return { status: 'refused', diagnostics: validate.stdout + validate.stderr };
  const generate = await catalogSchema(root, ['generate', '--language', language]);
  if (generate.code !== 0) {
    return {
      status: 'failed',
      step: 'generate',
      problems: [`generate exited ${generate.code}: ${generate.stdout}${generate.stderr}`],
    };
  }
  const app = await createStrapiAppDir(join(root, 'cms'), language);
  try {
    const { report, ms } = await bootStrapi(app, bootTimeoutMs);
    const problems = [...bootProblems(report), ...(report.ok ? extraProblems(report) : [])];
    if (problems.length > 0 || !report.ok) return { status: 'failed', step: 'strapi', problems };
    return { status: 'passed', bootMs: ms, report };
  } finally {
    await app.remove();
  }
}
