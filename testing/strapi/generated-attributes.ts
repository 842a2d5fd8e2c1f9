import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { attributeShapeKeys, type LoadedAttribute } from './boot-report.js';

type Shape = Omit<LoadedAttribute, 'name'>;

function shapeOf(attribute: Record<string, unknown>): Shape {
  const shape: Record<string, unknown> = {};
  for (const key of attributeShapeKeys) if (attribute[key] !== undefined) shape[key] = attribute[key];
  return shape as unknown as Shape;
}

/**
 * The attributes of the generated cms output (`src/api/<id>/content-types/<id>/schema.json` and
 * `src/components/<category>/<name>.json`), keyed by uid, then attribute name, reduced to the
 * keys the boot report carries, in file order.
 */
export async function readGeneratedAttributes(cmsDir: string): Promise<Map<string, Map<string, Shape>>> {
  const models = new Map<string, Map<string, Shape>>();
  const read = async (uid: string, path: string) => {
    const schema = JSON.parse(await readFile(path, 'utf8')) as { attributes: Record<string, Record<string, unknown>> };
    models.set(uid, new Map(Object.entries(schema.attributes).map(([name, attribute]) => [name, shapeOf(attribute)])));
  };
  for (const api of await readdir(join(cmsDir, 'src', 'api'))) {
    await read(`api::${api}.${api}`, join(cmsDir, 'src', 'api', api, 'content-types', api, 'schema.json'));
  }
  for (const category of await readdir(join(cmsDir, 'src', 'components'))) {
    for (const file of await readdir(join(cmsDir, 'src', 'components', category))) {
      await read(`${category}.${file.replace(/\.json$/, '')}`, join(cmsDir, 'src', 'components', category, file));
    }
  }
  return models;
}
