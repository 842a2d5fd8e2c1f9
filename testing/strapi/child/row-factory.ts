import type { Strapi, StrapiAttribute, StrapiDocument, StrapiSchema } from './strapi-surface.js';

// Rows that Strapi's own validation accepts, built from the schema Strapi loaded: every required
// attribute (and every component or dynamic zone with a minimum) gets a value within its limits;
// strings and uids carry a counter so unique attributes never collide. A required relation gets a
// fresh target row, to a bounded depth (a cycle of required relations ends in an empty link).

const maxDepth = 4;
const sampleDate = '2024-01-02';
const sampleDateTime = '2024-01-02T03:04:05.000Z';

function asNumber(value: number | string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

/** A value in [min, max]: min when set, else 1 (or max when that is below 1). */
function numberWithin(attribute: StrapiAttribute): number {
  const min = asNumber(attribute.min);
  const max = asNumber(attribute.max);
  if (min !== undefined) return min;
  return max !== undefined ? Math.min(max, 1) : 1;
}

/** A text of the attribute's length limits, matching its regex when one of a few candidates does. */
function textWithin(attribute: StrapiAttribute, seed: string): string {
  const toLength = (text: string) => {
    const padded = text.padEnd(attribute.minLength ?? 0, 'x');
    return attribute.maxLength === undefined ? padded : padded.slice(0, attribute.maxLength);
  };
  if (attribute.regex === undefined) return toLength(seed);
  const regex = new RegExp(attribute.regex);
  const candidates = [seed, 'abc', 'a', 'A', '1', 'a1', 'a-b', ''].map(toLength);
  return candidates.find((candidate) => regex.test(candidate)) ?? toLength(seed);
}

function itemCount(attribute: StrapiAttribute): number {
  return Math.max(asNumber(attribute.min) ?? 0, 1);
}

/** Creates rows of any content type through the Document Service. */
export class RowFactory {
  readonly #strapi: Strapi;
  #counter = 0;
  #fileId: number | undefined;

  constructor(strapi: Strapi) {
    this.#strapi = strapi;
  }

  /**
   * A new row of `uid` with `overrides` on top of its required values (a single type's one row
   * is updated instead: it has only one; the update states the revision it read).
   */
  async create(uid: string, overrides: Record<string, unknown> = {}, depth = 0): Promise<StrapiDocument> {
    const schema = this.#schema(uid);
    const data = { ...(await this.data(schema, new Set(Object.keys(overrides)), depth)), ...overrides };
    const documents = this.#strapi.documents(uid);
    if (schema.kind === 'singleType') {
      const existing = await documents.findFirst();
      // A page single type's revision guard (docs/strapi-pages.md) takes the revision read.
      const read = typeof existing?.revision === 'number' ? { revision: existing.revision } : {};
      if (existing) return documents.update({ documentId: existing.documentId, data: { ...data, ...read } });
    }
    return documents.create({ data });
  }

  /** The required values of a content type or component, but the attributes in `skip`. */
  async data(schema: StrapiSchema, skip: ReadonlySet<string> = new Set(), depth = 0): Promise<Record<string, unknown>> {
    const data: Record<string, unknown> = {};
    for (const [name, attribute] of Object.entries(schema.attributes)) {
      if (skip.has(name) || !this.#needsValue(attribute)) continue;
      const value = await this.value(attribute, depth);
      if (value !== undefined) data[name] = value;
    }
    return data;
  }

  /** One valid value of an attribute (undefined: none can be made, e.g. a relation too deep). */
  async value(attribute: StrapiAttribute, depth: number): Promise<unknown> {
    const n = ++this.#counter;
    switch (attribute.type) {
      case 'string':
      case 'text':
      case 'richtext':
        return textWithin(attribute, `v${n}`);
      case 'email':
        return `u${n}@example.com`;
      case 'password':
        return textWithin(attribute, `password-${n}`);
      case 'uid':
        return textWithin(attribute, `uid-${n}`);
      case 'enumeration':
        return attribute.enum?.[0];
      case 'integer':
        return Math.ceil(numberWithin(attribute));
      case 'biginteger':
        return String(Math.ceil(numberWithin(attribute)));
      case 'float':
      case 'decimal':
        return numberWithin(attribute);
      case 'boolean':
        return true;
      case 'date':
        return sampleDate;
      case 'time':
        return '03:04:05.000';
      case 'datetime':
      case 'timestamp':
        return sampleDateTime;
      case 'json':
        return { n };
      case 'blocks':
        return [{ type: 'paragraph', children: [{ type: 'text', text: `v${n}` }] }];
      case 'media': {
        const id = await this.#file();
        return attribute.multiple ? [id] : id;
      }
      case 'component': {
        const component = this.#schema(attribute.component ?? '');
        if (!attribute.repeatable) return this.data(component, new Set(), depth + 1);
        return Promise.all(
          Array.from({ length: itemCount(attribute) }, () => this.data(component, new Set(), depth + 1)),
        );
      }
      case 'dynamiczone': {
        const uid = attribute.components?.[0] ?? '';
        const items = Array.from({ length: itemCount(attribute) }, async () => ({
          __component: uid,
          ...(await this.data(this.#schema(uid), new Set(), depth + 1)),
        }));
        return Promise.all(items);
      }
      case 'relation': {
        if (depth >= maxDepth || attribute.target === undefined) return undefined;
        const target = await this.create(attribute.target, {}, depth + 1);
        return { connect: [{ documentId: target.documentId }] };
      }
      default:
        return undefined;
    }
  }

  #needsValue(attribute: StrapiAttribute): boolean {
    if (attribute.required === true) return true;
    return (attribute.type === 'component' || attribute.type === 'dynamiczone') && attribute.min !== undefined;
  }

  #schema(uid: string): StrapiSchema {
    const schema = this.#strapi.contentTypes[uid] ?? this.#strapi.components[uid];
    if (!schema) throw new Error(`Strapi has no model ${uid}`);
    return schema;
  }

  /** One uploaded-file row (the upload plugin's table), made on first need and shared. */
  async #file(): Promise<number> {
    if (this.#fileId === undefined) {
      const file = await this.#strapi.db.query('plugin::upload.file').create({
        data: {
          name: 'sample.png',
          hash: 'sample_hash',
          ext: '.png',
          mime: 'image/png',
          size: 1,
          url: '/uploads/sample.png',
          provider: 'local',
        },
      });
      this.#fileId = file.id;
    }
    return this.#fileId;
  }
}
