import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PUBLISH_STACK_SECRET, type PublishStack } from '../../testing/publish/publish-stack.js';

/** The environment `publish` reads, pointing at a running publish stack (folder stores, origins, host). */
export function publishStackEnv(stack: PublishStack): Record<string, string> {
  return {
    HOST_APP_URL: stack.hostUrl,
    HOST_REVALIDATION_SECRET: PUBLISH_STACK_SECRET,
    CATALOG_ARTIFACTS_STORE: stack.artifactsDir,
    ARTIFACTS_ORIGIN: stack.origin.url,
    CATALOG_ESM_STORE: stack.esmDir,
    ESM_ORIGIN: stack.esmOrigin,
  };
}

/** The part of a scaffolded variant's props schema the version tests edit. */
export interface PropsSchema {
  properties: Record<string, unknown>;
  required: string[];
}

/**
 * Rewrites a scaffolded variant's package.json version, its props schema (meta.json `schema`,
 * `props`) and data.json through `edit`; `version` undefined keeps package.json's.
 */
export async function changeVariant(
  variantDir: string,
  version: string | undefined,
  edit: (schema: PropsSchema, data: Record<string, unknown>) => void,
): Promise<void> {
  const pkgPath = join(variantDir, 'package.json');
  const pkg = JSON.parse(await readFile(pkgPath, 'utf8'));
  if (version !== undefined) await writeFile(pkgPath, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
  const metaPath = join(variantDir, 'meta.json');
  const meta = JSON.parse(await readFile(metaPath, 'utf8'));
  const data = JSON.parse(await readFile(join(variantDir, 'data.json'), 'utf8'));
  edit(meta.schema, data);
  await writeFile(metaPath, `${JSON.stringify({ ...meta, props: data }, null, 2)}\n`);
  await writeFile(join(variantDir, 'data.json'), `${JSON.stringify(data, null, 2)}\n`);
}

/** title renamed to heading: a breaking change of the props schema. */
export const renameTitle = (schema: PropsSchema, data: Record<string, unknown>): void => {
  schema.properties.heading = schema.properties.title;
  delete schema.properties.title;
  schema.required = schema.required.map((name) => (name === 'title' ? 'heading' : name));
  data.heading = data.title;
  delete data.title;
};

/** A migration from major 0 that moves title to heading: it passes every input. */
export const moveTitle =
  'export const migrations = { 0: ({ title, ...rest }: Record<string, unknown>) => ({ ...rest, heading: title }) };\n';

/** Writes `src/migrations.ts` of a variant; `exported` re-exports it from src/index.tsx as build requires. */
export async function writeMigrations(variantDir: string, text: string, exported: boolean): Promise<void> {
  await writeFile(join(variantDir, 'src/migrations.ts'), text);
  if (exported) await appendFile(join(variantDir, 'src/index.tsx'), "export { migrations } from './migrations';\n");
}

/** A migration from major 0 that passes data.json (title "Hero 2") and an empty title, and throws on any other. */
export const throwsOnOtherTitles = [
  'export const migrations = {',
  '  0: ({ title, ...rest }: Record<string, unknown>) => {',
  "    if (typeof title === 'string' && title.length > 0 && title !== 'Hero 2') throw new Error('cannot move ' + JSON.stringify(title));",
  '    return { ...rest, heading: title };',
  '  },',
  '};',
  '',
].join('\n');

/** What `command` prints for hero2 0.1.0 -> 1.0.0 with title renamed: without a migration, one that forgets title, {@link throwsOnOtherTitles}. */
export function renameRefusals(command: string): { missing: string; forgotten: string; shrunk: string } {
  const prefix = `catalog-schema ${command}:`;
  const data = '{"cmp_variant":"hero2","title":"Hero 2","subtitle":""}';
  const chain = '@acme/ui-hero2: the chain from 0.1.0 (major 0) to 1.0.0 failed on';
  return {
    missing: `${prefix} migration-missing: @acme/ui-hero2@1.0.0: no migration from major 0 (export migrations["0"] from src/migrations.ts) covers the breaking changes since major 0:\n  props title: renamed to heading\n`,
    forgotten: `${prefix} migration-failed: ${chain} its data.json: the result is rejected by the 1.0.0 schema: (root) must have required property 'heading'\n  result: ${data}\n  input: ${data}\n`,
    shrunk: `${prefix} migration-failed: ${chain} props generated from its schema (shrunk): the migration from major 0 threw: cannot move " "\n  input: {"cmp_variant":"hero2","title":" "}\n`,
  };
}

/** A migration from major 0 that forgets to move title: every result lacks heading. */
export const forgetsTitle = 'export const migrations = { 0: (props: Record<string, unknown>) => props };\n';
