import type { CompiledComponent, CompiledSchema } from '../../model/compiled-schema.js';
import { strapiColumnType } from '../../model/strapi-columns.js';
import { columnName, tableName } from '../../model/strapi-tables.js';
import { stringLiteral } from '../code-text.js';
import { generatedBanner } from '../generated-banner.js';

/** One rename the database migration carries out: a column of a component's table copied into another. */
export interface ColumnCopy {
  readonly component: string;
  readonly table: string;
  readonly from: string;
  readonly to: string;
}

/** The file name of a copy's migration: ours sort together, one file per component, old and new field. */
export function migrationFileName(component: string, from: string, to: string): string {
  return `catalog-schema.${component}.${from}-to-${to}.js`;
}

function copiesOf(component: CompiledComponent): { name: string; text: string }[] {
  return (component.deprecatedAttributes ?? []).flatMap((attribute) => {
    const renamedTo = attribute.deprecated?.renamedTo;
    const target = component.attributes.find((candidate) => candidate.name === renamedTo);
    // Validation (deprecated-fields) gives every renamedTo a live target with a column.
    const column = target === undefined ? undefined : strapiColumnType(target);
    if (renamedTo === undefined || column === undefined) return [];
    const copy = {
      component: component.uid,
      table: tableName(component.collectionName),
      from: columnName(attribute.name),
      to: columnName(renamedTo),
    };
    const args = ['to', ...column.args.map((arg) => JSON.stringify(arg))].join(', ');
    return [
      {
        name: migrationFileName(component.uid, attribute.name, renamedTo),
        text: migrationText(copy, column.method, args),
      },
    ];
  });
}

function migrationText(copy: ColumnCopy, method: string, args: string): string {
  return [
    generatedBanner,
    `// rename:field: ${copy.component} ${copy.from} → ${copy.to} (docs/authoring-strapi-migrations.md).`,
    '// Strapi runs it once, in a transaction, before its schema sync: the new column is made as the sync',
    '// would make it, and every row that holds the old value and not yet a new one gets it copied. The',
    '// old column stays (the deprecated attribute) until generate --contract. Run again, or on a database',
    '// without the table or the old column, it changes nothing it has not changed already.',
    "'use strict';",
    '',
    `const table = ${stringLiteral(copy.table)};`,
    `const from = ${stringLiteral(copy.from)};`,
    `const to = ${stringLiteral(copy.to)};`,
    '',
    'module.exports = {',
    '  async up(knex) {',
    '    if (!(await knex.schema.hasTable(table)) || !(await knex.schema.hasColumn(table, from))) return;',
    '    if (!(await knex.schema.hasColumn(table, to))) {',
    `      await knex.schema.alterTable(table, (columns) => columns.${method}(${args}));`,
    '    }',
    '    await knex(table).whereNull(to).whereNotNull(from).update({ [to]: knex.ref(from) });',
    '  },',
    '};',
    '',
  ].join('\n');
}

/** The database migrations of every declared rename (`<cms>/database/migrations/`), by file name. */
export function databaseMigrations(schema: CompiledSchema): Map<string, string> {
  const files = new Map<string, string>();
  for (const component of schema.components) {
    for (const { name, text } of copiesOf(component)) files.set(name, text);
  }
  return files;
}
