import { relative, resolve } from 'node:path';
import { AuthoringError } from '../../authoring-error.js';
import { defaultAuthoringConfig } from '../../config/authoring-config.js';
import { cmsPlacement } from '../../init/cms-placement.js';
import { checkTarget } from '../../init/init-target.js';
import { packageNames } from '../../init/package-names.js';
import { planInit } from '../../init/plan-init.js';
import { renderTemplate } from '../../init/render-template.js';
import { readSchemaPackageTemplate } from '../../init/schema-package-template.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import type { OutputFileSystem } from '../../write/output-file-system.js';
import { writeAllOrNothing } from '../../write/write-all-or-nothing.js';

/** The options of `init [dir]`, from the command line. */
export interface InitOptions {
  /** The working folder: `dir` and `--cms-dir` are relative to it. */
  readonly cwd: string;
  readonly dir: string | undefined;
  readonly name: string | undefined;
  readonly scope: string | undefined;
  readonly cmsDir: string | undefined;
  readonly force: boolean;
  readonly dryRun: boolean;
  readonly fs: OutputFileSystem;
}

/** The first hour after init (its README, "The first hour"), as commands in the package folder. */
const firstHour = [
  'npm install',
  'npm run validate',
  'npm run generate:schemas',
  'npm run generate:types',
  'npm run scaffold -- --category hero',
  'npm run build',
  'npm run publish -- hero2   # set HOST_APP_URL, HOST_REVALIDATION_SECRET and the stores first: README.md',
];

/** The package's own top-level names and output folders, which a Strapi app inside it may not take. */
function reservedNames(files: Iterable<string>): Set<string> {
  const { types, registries, editorSchemas, cache, packages, builder } = defaultAuthoringConfig;
  const paths = [...files, types, registries, editorSchemas, cache, packages, builder, 'node_modules'];
  return new Set(paths.map((path) => path.split('/')[0] ?? path));
}

/**
 * `init [dir]`: writes a new schema package into `dir` (default the working folder) from the
 * template the authoring package ships (authoring/templates/schema-package/ and sot/), which
 * validates, generates and scaffolds with no edit. Everything is checked before anything is
 * written, and the files are written all or nothing, inside the folder only. With `force`, a
 * folder that is not empty gets the files it lacks; identical files are kept; a file with other
 * content stops it (`init-conflict`): nothing is ever overwritten or deleted.
 */
export async function initCommand(options: InitOptions): Promise<CommandResult> {
  const target = resolve(options.cwd, options.dir ?? '.');
  const names = packageNames({ name: options.name, scope: options.scope, folder: target });
  const { exists } = await checkTarget(target, options.cwd, options.force);
  const template = await readSchemaPackageTemplate();
  const cms = await cmsPlacement(options.cmsDir, target, options.cwd, reservedNames(template.files.keys()));
  const files = renderTemplate(template, { names, cms });
  const plan = exists ? await planInit(target, files) : { write: files, kept: [], conflicts: [] };
  if (plan.conflicts.length > 0) {
    throw new AuthoringError(
      'init-conflict',
      `${target} has files in the way, nothing written (init never overwrites or deletes; move them away and run it again): ${plan.conflicts.join('; ')}`,
    );
  }
  if (!options.dryRun) {
    await writeAllOrNothing(
      [...plan.write].map(([path, content]) => ({ kind: 'file', target: resolve(target, path), content })),
      {
        within: [target],
        fs: options.fs,
        failed: (error) =>
          new AuthoringError(
            'output-failed',
            `init into ${target} failed, nothing written: ${(error as Error).message}`,
            {
              cause: error,
            },
          ),
      },
    );
  }
  const written = [...plan.write.keys()];
  const folder = relative(options.cwd, target);
  const next = [
    ...(folder === '' ? [] : [`cd ${/^[\w./@+-]+$/.test(folder) ? folder : JSON.stringify(folder)}`]),
    ...firstHour,
  ];
  const verb = options.dryRun ? 'would write' : 'wrote';
  const what = `${names.name} (variants ${names.scope}/ui-<variant>, CMS folder ${cms.path})`;
  return {
    ok: true,
    diagnostics: [],
    summary: options.dryRun
      ? `init --dry-run: would create ${what} in ${target}: ${written.length} files, nothing written`
      : `init: created ${what} in ${target}: ${written.length} files`,
    written: options.dryRun ? [] : written,
    notes: [
      ...written.map((path) => `${verb} ${path}`),
      ...plan.kept.map((path) => `kept ${path} (the template's own content)`),
      'next:',
      ...next.map((command) => `  ${command}`),
    ],
    extra: {
      dryRun: options.dryRun,
      root: target,
      name: names.name,
      scope: names.scope,
      cms: cms.path,
      authoring: template.version,
      ...(options.dryRun ? { files: written } : {}),
      kept: plan.kept,
      next,
    },
  };
}
