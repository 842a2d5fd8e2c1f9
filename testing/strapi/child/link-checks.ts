import type { LinkCheck } from '../boot-report.js';
import { type ComponentStep, componentHosts, stepLabel } from './component-hosts.js';
import type { RowFactory } from './row-factory.js';
import type { Strapi, StrapiAttribute, StrapiDocument, StrapiSchema } from './strapi-surface.js';

// Every declared relation linked through real rows: a target row, then a source row that links
// it (inside its component, for a relation that sits in a component), then both read back.

interface Relation {
  readonly source: string;
  readonly steps: readonly ComponentStep[];
  readonly name: string;
  readonly attribute: StrapiAttribute;
  /** The other declared relations of the model that holds this one. */
  readonly siblings: readonly string[];
}

function declaredRelations(schema: StrapiSchema): [string, StrapiAttribute][] {
  const declared = new Set(Object.keys(schema.__schema__?.attributes ?? {}));
  return Object.entries(schema.attributes).filter(
    ([name, attribute]) => declared.has(name) && attribute.type === 'relation' && attribute.target !== undefined,
  );
}

function othersThan(declared: readonly [string, StrapiAttribute][], name: string): string[] {
  return declared.map(([other]) => other).filter((other) => other !== name);
}

function relationsToLink(strapi: Strapi): Relation[] {
  const relations: Relation[] = [];
  for (const uid of Object.keys(strapi.contentTypes).sort()) {
    if (!uid.startsWith('api::')) continue;
    const declared = declaredRelations(strapi.contentTypes[uid]!);
    for (const [name, attribute] of declared) {
      relations.push({ source: uid, steps: [], name, attribute, siblings: othersThan(declared, name) });
    }
  }
  for (const [component, host] of [...componentHosts(strapi)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const declared = declaredRelations(strapi.components[component]!);
    for (const [name, attribute] of declared) {
      relations.push({
        source: host.contentType,
        steps: host.steps,
        name,
        attribute,
        siblings: othersThan(declared, name),
      });
    }
  }
  return relations;
}

function schemaOf(strapi: Strapi, uid: string): StrapiSchema {
  const schema = strapi.contentTypes[uid] ?? strapi.components[uid];
  if (!schema) throw new Error(`Strapi has no model ${uid}`);
  return schema;
}

/** The source row's data: the link, wrapped in its components from the inside out. */
async function sourceOverrides(
  strapi: Strapi,
  rows: RowFactory,
  relation: Relation,
  targetId: string,
): Promise<Record<string, unknown>> {
  let value: Record<string, unknown> = { [relation.name]: { connect: [{ documentId: targetId }] } };
  for (let i = relation.steps.length - 1; i >= 0; i -= 1) {
    const step = relation.steps[i]!;
    const item = { ...(await rows.data(schemaOf(strapi, step.component), new Set(Object.keys(value)))), ...value };
    const parent = schemaOf(strapi, i === 0 ? relation.source : relation.steps[i - 1]!.component);
    const parentAttribute = parent.attributes[step.attribute]!;
    let wrapped: unknown = item;
    if (step.dynamicZone || parentAttribute.repeatable) {
      // As many items as the minimum asks for; the first one holds the link.
      const items = (await rows.value(parentAttribute, 1)) as unknown[];
      items[0] = step.dynamicZone ? { __component: step.component, ...item } : item;
      wrapped = items;
    }
    value = { [step.attribute]: wrapped };
  }
  return value;
}

function populateFor(steps: readonly ComponentStep[], names: readonly string[]): Record<string, unknown> {
  let populate: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, true]));
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i]!;
    populate = step.dynamicZone
      ? { [step.attribute]: { on: { [step.component]: { populate } } } }
      : { [step.attribute]: { populate } };
  }
  return populate;
}

function linkedIds(document: StrapiDocument | null, steps: readonly ComponentStep[], name: string): string[] {
  let node: unknown = document;
  for (const step of steps) {
    const value = (node as Record<string, unknown> | null)?.[step.attribute];
    node = Array.isArray(value)
      ? step.dynamicZone
        ? value.find((item: { __component?: string }) => item.__component === step.component)
        : value[0]
      : value;
  }
  const linked = (node as Record<string, unknown> | null | undefined)?.[name];
  const list = Array.isArray(linked) ? linked : linked ? [linked] : [];
  return list.map((entry: { documentId?: string }) => entry.documentId ?? '');
}

async function linkOne(strapi: Strapi, rows: RowFactory, relation: Relation): Promise<LinkCheck> {
  const target = relation.attribute.target!;
  const inverse = relation.attribute.inversedBy ?? relation.attribute.mappedBy;
  const check = {
    source: relation.source,
    path: [...relation.steps.map(stepLabel), relation.name],
    target,
    relation: relation.attribute.relation ?? '',
    ...(inverse === undefined ? {} : { inverse }),
  };
  try {
    const targetRow = await rows.create(target);
    const sourceRow = await rows.create(
      relation.source,
      await sourceOverrides(strapi, rows, relation, targetRow.documentId),
    );
    const sourceRead = await strapi.documents(relation.source).findOne({
      documentId: sourceRow.documentId,
      populate: populateFor(relation.steps, [relation.name, ...relation.siblings]),
    });
    const forward = linkedIds(sourceRead, relation.steps, relation.name).includes(targetRow.documentId);
    const leaks = relation.siblings.filter((sibling) =>
      linkedIds(sourceRead, relation.steps, sibling).includes(targetRow.documentId),
    );
    let backward: boolean | null = null;
    if (inverse !== undefined) {
      const targetRead = await strapi
        .documents(target)
        .findOne({ documentId: targetRow.documentId, populate: { [inverse]: true } });
      backward = linkedIds(targetRead, [], inverse).includes(sourceRow.documentId);
    }
    return { ...check, forward, backward, leaks };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...check, forward: false, backward: null, leaks: [], error: message };
  }
}

/** Links every declared relation of the app's content types and of the components they hold. */
export async function linkChecks(strapi: Strapi, rows: RowFactory): Promise<LinkCheck[]> {
  const checks: LinkCheck[] = [];
  for (const relation of relationsToLink(strapi)) checks.push(await linkOne(strapi, rows, relation));
  return checks;
}
