import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs } from '../testing/temp-package.js';
import { checkOutputs } from './check-outputs.js';

afterEach(removeTempDirs);

describe('checkOutputs', () => {
  it('reports stale files at their first differing line, missing files, and extra files of replaced folders only', async () => {
    const root = await makeTempDir();
    await mkdir(join(root, 'cms/api'), { recursive: true });
    await mkdir(join(root, 'reg'), { recursive: true });
    await writeFile(join(root, 'cms/api/a.json'), '{\n  "a": 1,\n  "b": 3\n}\n');
    await writeFile(join(root, 'cms/api/old.json'), '{}\n');
    await writeFile(join(root, 'reg/other.json'), '{}\n');
    const diagnostics = await checkOutputs(root, [
      {
        dir: 'cms/api',
        files: new Map([
          ['a.json', '{\n  "a": 1,\n  "b": 2\n}\n'],
          ['new.json', '{}\n'],
        ]),
        mode: 'replace',
      },
      { dir: 'reg', files: new Map([['strapi.json', '{}\n']]), mode: 'merge' },
    ]);
    expect(diagnostics.map((d) => `${d.path}:${d.line}:${d.column} ${d.code}`)).toEqual([
      'cms/api/a.json:3:1 output-outdated',
      'cms/api/new.json:1:1 output-missing',
      'cms/api/old.json:1:1 output-extra',
      'reg/strapi.json:1:1 output-missing',
    ]);
  });
});
