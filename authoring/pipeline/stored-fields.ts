import { posix } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { componentSchema } from '../generate/strapi/component-schema.js';
import type { CompiledComponent, CompiledSchema } from '../model/compiled-schema.js';
import { instanceField, pageComponentIds } from '../model/page-collections.js';
import { readTree } from '../write/read-tree.js';
import type { CommandContext } from './command-context.js';

/**
 * Does any stored instance still hold `<componentId>.<field>`? The seam between `generate
 * --contract` and `migrate-pages --check` (docs/authoring-strapi-migrations.md "Contract").
 */
export type StoredFieldProbe = (componentId: string, field: string, schema: CompiledSchema) => Promise<boolean>;

/** What the guard needs beyond the schema: a contract run, and the probe it asks. */
export interface StoredFieldOptions {
  readonly contract: boolean;
  readonly probe: StoredFieldProbe;
}

type StrapiAttributes = Record<string, Record<string, unknown>>;

/** What decides where a value is stored: changing any of these moves or drops stored values. */
const storageKeys = ['type', 'component', 'repeatable', 'relation', 'target', 'multiple', 'customField'] as const;

function storage(attribute: Record<string, unknown>): string {
  return JSON.stringify(storageKeys.map((key) => attribute[key] ?? null));
}

/** The attributes of the previously generated components (`<cms>/src/components`), by uid; a file that is not one is skipped. */
async function previousAttributes(context: CommandContext): Promise<Map<string, StrapiAttributes>> {
  const files = await readTree(posix.join(context.root, context.config.cms, 'src/components'));
  const byUid = new Map<string, StrapiAttributes>();
  for (const [path, bytes] of files) {
    const match = /^([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    try {
      const attributes = (JSON.parse(bytes.toString('utf8')) as { attributes?: unknown }).attributes;
      if (typeof attributes === 'object' && attributes !== null && !Array.isArray(attributes)) {
        byUid.set(`${match[1]}.${match[2]}`, attributes as StrapiAttributes);
      }
    } catch {
      // Not JSON: not ours to compare; the owned-folder guard reports a file we did not write.
    }
  }
  return byUid;
}

function withDeprecated(
  component: CompiledComponent,
  kept: CompiledComponent['deprecatedAttributes'],
): CompiledComponent {
  const { deprecatedAttributes: _all, ...rest } = component;
  return kept !== undefined && kept.length > 0 ? { ...rest, deprecatedAttributes: kept } : rest;
}

/**
 * Generate never drops or retypes an attribute stored pages may hold. Against the components
 * generated last time (committed with the package, so a fresh checkout knows them):
 * - a deprecated field is written while the last output has it (a field deprecated before any
 *   output, or removed by a contract, has nothing stored);
 * - with `contract`, every such field is asked to `probe`; if any is held, `contract-blocked`
 *   (nothing written), else all are left out;
 * - an attribute the last output has that the new one lacks or stores differently (type, target,
 *   repeatable, multiple) stops the run: `field-change-undeclared`, naming `<component>.<field>`.
 * `cmp_instance` is generate's own (it follows the dynamic zones), not a source field.
 */
export async function guardStoredFields(
  context: CommandContext,
  schema: CompiledSchema,
  options: StoredFieldOptions,
): Promise<CompiledSchema> {
  const previous = await previousAttributes(context);
  const kept = schema.components.map((component) =>
    withDeprecated(
      component,
      component.deprecatedAttributes?.filter(
        (attribute) => previous.get(component.uid)?.[attribute.name] !== undefined,
      ),
    ),
  );
  const contracted = new Set<string>();
  if (options.contract) {
    const held: string[] = [];
    for (const component of kept) {
      for (const attribute of component.deprecatedAttributes ?? []) {
        const name = `${component.id}.${attribute.name}`;
        if (await options.probe(component.id, attribute.name, schema)) held.push(name);
        else contracted.add(name);
      }
    }
    if (held.length > 0) {
      throw new AuthoringError(
        'contract-blocked',
        `stored instances still hold ${held.join(', ')}: run migrate-pages, then generate --contract again; nothing written`,
      );
    }
  }
  const components = kept.map((component) => (options.contract ? withDeprecated(component, []) : component));
  const next: CompiledSchema = { ...schema, components };
  const pageComponents = pageComponentIds(schema.collections);
  const undeclared: string[] = [];
  for (const component of components) {
    const before = previous.get(component.uid);
    if (before === undefined) continue;
    const after = componentSchema(component, pageComponents).attributes as StrapiAttributes;
    for (const [name, attribute] of Object.entries(before)) {
      const field = `${component.id}.${name}`;
      if (name === instanceField || contracted.has(field)) continue;
      const now = after[name];
      if (now === undefined) undeclared.push(`${field} removed`);
      else if (storage(now) !== storage(attribute))
        undeclared.push(`${field} retyped (${String(attribute.type)} → ${String(now.type)})`);
    }
  }
  if (undeclared.length > 0) {
    throw new AuthoringError(
      'field-change-undeclared',
      `${undeclared.join(', ')}: Strapi would drop the stored values at its next start. Declare a removal ({"type": …, "deprecated": true} in the source) or a rename (rename:field); a new type is a new field; nothing written`,
    );
  }
  return next;
}
