import { titleCase } from '../model/strapi-names.js';

/** A scaffolded field: its name, shorthand or object form, default, and how the editor shows it. */
interface ScaffoldField {
  readonly name: string;
  readonly source: unknown;
  readonly required: boolean;
  readonly default: string;
  /** puck.json field type. */
  readonly puck: 'text' | 'textarea';
}

/** The files of a new variant, relative to the schema package root, with their text. */
export interface ScaffoldFiles {
  /** `src/source/components/<category>/<variant>.json`. */
  readonly source: string;
  /** The editor schema, `src/editor-schemas/<category>/<variant>.json`. */
  readonly editorSchema: string;
  /** The variant package's files, relative to its folder `<packages>/ui-<variant>/`. */
  readonly packageFiles: ReadonlyMap<string, string>;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The component's fields besides cmp_variant: a required title and an optional subtitle. */
function fieldsOf(title: string): ScaffoldField[] {
  return [
    {
      name: 'title',
      source: { type: 'string', required: true, default: title, label: 'Title' },
      required: true,
      default: title,
      puck: 'text',
    },
    {
      name: 'subtitle',
      source: { type: 'text', default: '', label: 'Subtitle' },
      required: false,
      default: '',
      puck: 'textarea',
    },
  ];
}

/** `Hero 2` for hero2: the category in title case, then the number. */
export function defaultTitle(category: string, number: number): string {
  return `${titleCase(category)} ${number}`;
}

/** A TypeScript identifier for the component: `Hero2` for hero2, `CardsGrid3` for cards-grid3. */
function componentName(variant: string): string {
  const name = variant
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return /^[A-Za-z]/.test(name) ? name : `C${name}`;
}

/**
 * Every file of a new variant `<category><number>` (spec 4.4 step 6): the component source, the
 * editor schema, and the variant package (package.json, src/index.tsx, data.json, puck.json,
 * meta.json). A minimal server component; `build` needs no catalog-build.json for it.
 */
export function scaffoldFiles(options: {
  readonly category: string;
  readonly variant: string;
  readonly title: string;
  readonly scope: string;
}): ScaffoldFiles {
  const { category, variant, title, scope } = options;
  const fields = fieldsOf(title);
  const source = json({
    $schema: '../../../sot/component.schema.json',
    id: `${category}.${variant}`,
    title,
    description: `${title}: scaffolded by catalog-schema scaffold.`,
    fields: { cmp_variant: 'string!', ...Object.fromEntries(fields.map((field) => [field.name, field.source])) },
  });
  const data = { cmp_variant: variant, ...Object.fromEntries(fields.map((field) => [field.name, field.default])) };
  const propsSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['cmp_variant', ...fields.filter((field) => field.required).map((field) => field.name)],
    properties: {
      cmp_variant: { type: 'string', const: variant },
      ...Object.fromEntries(fields.map((field) => [field.name, { type: 'string' }])),
    },
  };
  const editorSchema = json({
    title,
    type: 'object',
    required: fields.filter((field) => field.required).map((field) => field.name),
    properties: Object.fromEntries(
      fields.map((field) => [field.name, { type: 'string', title: titleCase(field.name) }]),
    ),
  });
  const puck = {
    title,
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => [field.name, { type: field.puck, label: titleCase(field.name) }]),
    ),
  };
  const meta = {
    key: `${category}:${variant}`,
    name: variant,
    category,
    // No dynamic zone accepts a new variant yet (validate checks this against the sources).
    type: 'global',
    kind: 'component',
    description: `${title}: scaffolded by catalog-schema scaffold.`,
    previewImage: `https://example.com/previews/${variant}.png`,
    tags: [],
    props: data,
    schema: propsSchema,
    availability: { plans: [] },
  };
  const packageJson = {
    name: `${scope}/ui-${variant}`,
    version: '0.1.0',
    type: 'module',
    main: './dist/index.cjs',
    module: './dist/index.mjs',
    exports: { '.': { import: './dist/index.mjs', require: './dist/index.cjs' } },
    files: ['dist', 'meta.json', 'data.json', 'puck.json'],
    peerDependencies: { react: '>=18' },
  };
  const name = componentName(variant);
  const propsType = [
    `export interface ${name}Props {`,
    '  cmp_variant?: string;',
    ...fields.map((field) => `  ${field.name}${field.required ? '' : '?'}: string;`),
    '}',
  ];
  const index = [
    `/** The ${category}:${variant} variant: a server component rendering its fields. */`,
    ...propsType,
    '',
    '// A major that breaks these props ships its migrations (docs/authoring-versions.md "Migrations"):',
    '// src/migrations.ts exports `migrations = { [oldMajor]: (props) => props }`, re-exported here with',
    "// export { migrations } from './migrations';",
    '',
    `export default function ${name}({ title, subtitle }: ${name}Props) {`,
    '  return (',
    `    <section data-variant="${variant}">`,
    '      <h2>{title}</h2>',
    '      {subtitle ? <p>{subtitle}</p> : null}',
    '    </section>',
    '  );',
    '}',
    '',
  ].join('\n');
  return {
    source,
    editorSchema,
    packageFiles: new Map([
      ['package.json', json(packageJson)],
      ['src/index.tsx', index],
      ['data.json', json(data)],
      ['puck.json', json(puck)],
      ['meta.json', json(meta)],
    ]),
  };
}
