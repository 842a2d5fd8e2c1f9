import { configFileName } from '../config/authoring-config.js';
import { jsonText } from '../generate/json-text.js';
import { type CmsPlacement, cmsFlag } from './cms-placement.js';
import type { PackageNames } from './package-names.js';
import type { SchemaPackageTemplate } from './schema-package-template.js';

/** The package the new schema package's scripts run. */
const authoringPackage = '@runtime-component-catalog/authoring';

/** The scripts whose command writes the CMS folder (they take `--cms`, authoring/cli/package-commands.ts). */
const cmsScripts = ['generate', 'generate:schemas'] as const;

/** The values init fills in. */
export interface TemplateValues {
  readonly names: PackageNames;
  readonly cms: CmsPlacement;
}

type Json = Record<string, unknown>;

/** What the READMEs say about the CMS folder, as its placement decides. */
function cmsSentence(cms: CmsPlacement): string {
  if (cms.recorded === 'config') {
    return `They write into \`${cms.path}/\`, your Strapi app (\`"cms"\` in \`${configFileName}\`).`;
  }
  if (cms.recorded === 'scripts') {
    return [
      `They write into \`${cms.path}/\`, your Strapi app outside this package. The config file names`,
      `folders inside the package only, so both scripts pass \`${cmsFlag(cms.path)}\`: run them with`,
      'npm run, or give the flag yourself.',
    ].join('\n');
  }
  return [
    `They write into \`${cms.path}/\`, a folder of this package that only they write. To write into your`,
    `Strapi app, set \`"cms"\` in \`${configFileName}\` to its folder inside this package, or add`,
    '`--cms <folder>` to both scripts for a folder elsewhere.',
  ].join('\n');
}

/** How each file that takes values is filled in; every other file is written as the template has it. */
function edits(template: SchemaPackageTemplate, values: TemplateValues): Record<string, (text: string) => string> {
  const { names, cms } = values;
  const json = (edit: (value: Json) => Json) => (text: string) => jsonText(edit(JSON.parse(text) as Json));
  const placeholders = (text: string) =>
    text
      .replaceAll('{{name}}', names.name)
      .replaceAll('{{scope}}', names.scope)
      .replaceAll('{{cms}}', cmsSentence(cms));
  return {
    'package.json': json((manifest) => {
      const scripts = { ...(manifest.scripts as Record<string, string>) };
      if (cms.recorded === 'scripts')
        for (const name of cmsScripts) scripts[name] = `${scripts[name]} ${cmsFlag(cms.path)}`;
      return {
        ...manifest,
        name: names.name,
        engines: template.engines,
        scripts,
        devDependencies: { ...(manifest.devDependencies as Json), [authoringPackage]: template.version },
      };
    }),
    [configFileName]: json((config) => ({
      ...config,
      ...(cms.recorded === 'config' ? { cms: cms.path } : {}),
      scope: names.scope,
    })),
    'builder/package.json': json((manifest) => ({ ...manifest, name: `${names.scope}/builder` })),
    'README.md': placeholders,
    'builder/README.md': placeholders,
  };
}

/**
 * The new package's files: the template with the values filled in (package name, scope, CMS
 * folder, the running authoring version pinned), as bytes by path. A file an edit names must be
 * in the template.
 */
export function renderTemplate(template: SchemaPackageTemplate, values: TemplateValues): Map<string, Uint8Array> {
  const files = new Map(template.files);
  for (const [path, edit] of Object.entries(edits(template, values))) {
    const bytes = files.get(path);
    if (bytes === undefined) throw new Error(`The schema package template has no ${path}`);
    files.set(path, new TextEncoder().encode(edit(new TextDecoder().decode(bytes))));
  }
  return files;
}
