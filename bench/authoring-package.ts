import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildComponentLock, serializeComponentLock } from '../authoring/model/component-lock.js';
import { parseSchemaPackage } from '../authoring/parse/parse-schema-package.js';
import { readSchemaPackage } from '../authoring/source/read-schema-package.js';

const sotDir = fileURLToPath(new URL('../authoring/sot/', import.meta.url));

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Component `index` of a package: ten per category, ids `cat<c>.v<i>`. */
function componentId(index: number): string {
  return `cat${Math.floor(index / 10)}.v${index}`;
}

function componentFields(index: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    cmp_variant: 'string!',
    title: 'string!',
    subtitle: 'text',
    body: 'richtext',
    image: 'media(images)',
    gallery: 'media(images,videos)[]',
    theme: 'enum(light,dark,contrast)',
    count: { type: 'integer', min: 0, max: 12, default: 3, label: 'Count', help: 'How many', width: 6 },
    visible: 'boolean',
    link: { type: 'string', maxLength: 200, placeholder: 'https://' },
  };
  // Nest only components with a smaller index: no cycles.
  if (index > 0 && index % 3 === 0) fields.cta = `component(${componentId(index - 1)})`;
  if (index > 1 && index % 4 === 0) fields.items = `component(${componentId(index - 2)})[]`;
  return fields;
}

function collectionFields(index: number, collections: number, components: number): Record<string, unknown> {
  const blocks = Array.from({ length: 5 }, (_, offset) => componentId((index * 5 + offset) % components));
  const fields: Record<string, unknown> = {
    title: 'string!',
    slug: 'uid(title)!',
    summary: { type: 'text', maxLength: 300, label: 'Summary' },
    cover: 'media(images)',
    blocks: `dynamicZone(${blocks.join(',')})`,
    stage: 'enum(draft,review,live)',
    owner: `relation(manyToOne,col0)`,
  };
  // Two-way pairs: col<2k> ⇄ col<2k+1>.
  if (index % 2 === 0 && index + 1 < collections)
    fields.partner = `relation(oneToOne,col${index + 1},inversedBy=partnerOf)`;
  if (index % 2 === 1) fields.partnerOf = `relation(oneToOne,col${index - 1},mappedBy=partner)`;
  return fields;
}

/**
 * Writes a valid synthetic schema package of `components` components and `collections`
 * collections at `root` (sot schemas, version, lock included), for the authoring benchmark.
 */
export async function writeSyntheticPackage(root: string, components: number, collections: number): Promise<void> {
  await cp(sotDir, join(root, 'src/sot'), { recursive: true });
  await mkdir(join(root, 'src/source/collections'), { recursive: true });
  await writeFile(
    join(root, 'src/source/version.json'),
    json({ $schema: '../sot/version.schema.json', version: '1.0.0' }),
  );
  for (let index = 0; index < components; index += 1) {
    const id = componentId(index);
    const [category, name] = id.split('.') as [string, string];
    await mkdir(join(root, 'src/source/components', category), { recursive: true });
    await writeFile(
      join(root, 'src/source/components', category, `${name}.json`),
      json({
        $schema: '../../../sot/component.schema.json',
        id,
        title: `Variant ${index}`,
        fields: componentFields(index),
      }),
    );
  }
  for (let index = 0; index < collections; index += 1) {
    await writeFile(
      join(root, 'src/source/collections', `col${index}.json`),
      json({
        $schema: '../../sot/collection.schema.json',
        id: `col${index}`,
        i18n: index % 3 === 0,
        fields: collectionFields(index, collections, components),
      }),
    );
  }
  const { model } = parseSchemaPackage(await readSchemaPackage(root));
  await writeFile(join(root, 'src/source/component-ids.lock.json'), serializeComponentLock(buildComponentLock(model)));
}
