import { createRequire } from 'node:module';
import { strapiNodeModules } from '../strapi-install.js';

// What the Strapi database holds, read with better-sqlite3 (the test app's own copy) straight from
// the SQLite file: the stored values themselves, not what the REST API chooses to show.

type Row = Record<string, unknown>;
interface Sqlite {
  prepare(sql: string): { all(): Row[]; run(): unknown };
  close(): void;
}
const Database = createRequire(strapiNodeModules)('better-sqlite3') as new (path: string) => Sqlite;

function withDatabase<T>(path: string, use: (db: Sqlite) => T): T {
  const db = new Database(path);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Runs each statement, in order. */
export function writeRows(path: string, statements: readonly string[]): void {
  withDatabase(path, (db) => {
    for (const statement of statements) db.prepare(statement).run();
  });
}

/** The rows a query reads. */
export function readRows(path: string, sql: string): Row[] {
  return withDatabase(path, (db) => db.prepare(sql).all());
}

/** The column names of a table. */
export function columnsOf(path: string, table: string): string[] {
  return readRows(path, `select name from pragma_table_info('${table}')`).map((row) => String(row.name));
}

/** One stored hero1 block: its page, the hero's columns (null when the column is gone), its cta and image. */
export interface HeroRow {
  readonly page: string;
  readonly revision: number;
  readonly instance: string;
  readonly version: string;
  readonly title: unknown;
  readonly subtitle: unknown;
  readonly fullHeight: unknown;
  readonly tagline: unknown;
  readonly eyebrow: unknown;
  readonly theme: unknown;
  readonly cta: string;
  readonly image: unknown;
  /** Strapi's id of the component row: the same row before and after shows an update in place. */
  readonly rowId: number;
}

/** What a step is compared on. */
export interface DatabaseSnapshot {
  /** Every hero1 block of a page, by page (slug/locale) and order in the zone. */
  readonly heroes: HeroRow[];
  /** Every page row: slug/locale, title, revision, the component types of its zone. */
  readonly pages: string[];
  /** Every row of every other component table (the nested button included) and link table, without ids. */
  readonly others: string[];
}

const heroQuery = `
  select p.slug || '/' || p.locale as page, p.revision, h.*,
    (select b.label || ' ' || b.path || ' ' || b.variant from components_hero_hero1s_cmps l
       join components_shared_buttons b on b.id = l.cmp_id
       where l.entity_id = h.id and l.field = 'cta') as cta,
    (select f.name from files_related_mph m join files f on f.id = m.file_id
       where m.related_id = h.id and m.related_type = 'hero.hero1' and m.field = 'image') as image
  from pages p
  join pages_cmps z on z.entity_id = p.id and z.component_type = 'hero.hero1'
  join components_hero_hero1s h on h.id = z.cmp_id
  order by p.slug, p.locale, z."order"`;

/** Each page row: slug/locale, title, revision, and its zone's component types in order. */
const pagesQuery = `
  select p.slug || '/' || p.locale || ' ' || p.title || ' r' || p.revision || ' [' ||
    (select group_concat(type, ' ') from (select z.component_type as type from pages_cmps z
       where z.entity_id = p.id order by z."order")) || ']' as page
  from pages p order by p.slug, p.locale`;

/** The database as the test compares it between steps. */
export function snapshotDatabase(path: string): DatabaseSnapshot {
  return withDatabase(path, (db) => {
    const heroes = db
      .prepare(heroQuery)
      .all()
      .map((row): HeroRow => {
        const instance = JSON.parse(String(row.cmp_instance)) as { id: string; version: string };
        return {
          page: String(row.page),
          revision: Number(row.revision),
          instance: instance.id,
          version: instance.version,
          title: row.title,
          subtitle: row.subtitle ?? null,
          fullHeight: row.full_height ?? null,
          tagline: row.tagline ?? null,
          eyebrow: row.eyebrow ?? null,
          theme: row.theme,
          cta: String(row.cta),
          image: row.image ?? null,
          rowId: Number(row.id),
        };
      });
    const pages = db
      .prepare(pagesQuery)
      .all()
      .map((row) => String(row.page));
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name like 'components_%' and name not like 'components_hero_hero1s%' order by name",
      )
      .all()
      .map((row) => String(row.name));
    // Without ids and sorted: Strapi writes a nested component of a block it updates (the cta of an
    // upgraded hero1) as a new row, so only the values, not the ids or their order, must stay.
    const others = tables
      .flatMap((table) =>
        db
          .prepare(`select * from "${table}"`)
          .all()
          .map(({ id: _id, ...row }) => `${table} ${JSON.stringify(row)}`),
      )
      .sort();
    return { heroes, pages, others };
  });
}

/** The hero rows as a compact table, one line a block, for the test's output. */
export function heroTable(heroes: readonly HeroRow[]): string {
  const columns = [
    'page',
    'revision',
    'instance',
    'version',
    'title',
    'subtitle',
    'fullHeight',
    'tagline',
    'eyebrow',
    'theme',
    'cta',
    'image',
    'rowId',
  ];
  const cells = heroes.map((row) => columns.map((column) => String(row[column as keyof HeroRow])));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((line) => line[index]!.length)));
  return [columns, ...cells]
    .map((line) => line.map((cell, index) => cell.padEnd(widths[index]!)).join(' | '))
    .join('\n');
}
