import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs } from '../testing/temp-package.js';
import { type BuilderManifest, readBuilderManifest } from './builder-manifest.js';
import { pinStagingVersions } from './pin-staging-versions.js';

afterEach(removeTempDirs);

async function manifestOf(text: string): Promise<BuilderManifest> {
  const root = await makeTempDir();
  await mkdir(join(root, 'builder'));
  await writeFile(join(root, 'builder/package.json'), text);
  const manifest = await readBuilderManifest(root, 'builder', '@acme');
  if (!manifest.ok) throw new Error(JSON.stringify(manifest.error));
  return manifest.value;
}

const pin = async (text: string, versions: Record<string, string>) =>
  pinStagingVersions(await manifestOf(text), new Map(Object.entries(versions)));

describe('pinStagingVersions', () => {
  it('keeps tabs, CRLF line endings and the byte order mark; catalogStaging goes last, laid out like the file', async () => {
    const text = '\ufeff{\r\n\t"name": "site",\r\n\t"dependencies": {\r\n\t\t"@acme/ui-a": "staging"\r\n\t}\r\n}\r\n';
    const pins = await pin(text, { '@acme/ui-a': '1.2.3' });
    expect(pins.text).toBe(
      '\ufeff{\r\n\t"name": "site",\r\n\t"dependencies": {\r\n\t\t"@acme/ui-a": "1.2.3"\r\n\t},\r\n\t"catalogStaging": [\r\n\t\t"@acme/ui-a"\r\n\t]\r\n}\r\n',
    );
    expect(pins).toMatchObject({ changed: true, listChanged: true });
  });

  it('keeps a one-line file on one line', async () => {
    const pins = await pin('{"name":"site","devDependencies":{"@acme/ui-b":"staging","@acme/ui-a":"staging"}}', {
      '@acme/ui-a': '1.0.0',
      '@acme/ui-b': '2.0.0-rc.1',
    });
    expect(pins.text).toBe(
      '{"name":"site","devDependencies":{"@acme/ui-b":"2.0.0-rc.1","@acme/ui-a":"1.0.0"},"catalogStaging":["@acme/ui-a","@acme/ui-b"]}',
    );
    expect(pins.dependencies.map(({ name }) => name)).toEqual(['@acme/ui-a', '@acme/ui-b']);
  });

  it('updates listed dependencies in every section, rewrites the list in place, drops names no longer declared', async () => {
    const text = [
      '{',
      '  "catalogStaging": ["@acme/ui-gone", "@acme/ui-a"],',
      '  "dependencies": { "@acme/ui-a": "1.0.0", "@acme/ui-c": "staging", "@acme/other": "^1.0.0" },',
      '  "optionalDependencies": { "@acme/ui-a": "1.0.0" }',
      '}',
    ].join('\n');
    const manifest = await manifestOf(text);
    expect(manifest.dropped).toEqual(['@acme/ui-gone']);
    const pins = pinStagingVersions(
      manifest,
      new Map([
        ['@acme/ui-a', '1.1.0'],
        ['@acme/ui-c', '3.0.0'],
      ]),
    );
    expect(pins.text).toBe(
      [
        '{',
        '  "catalogStaging": [',
        '    "@acme/ui-a",',
        '    "@acme/ui-c"',
        '  ],',
        '  "dependencies": { "@acme/ui-a": "1.1.0", "@acme/ui-c": "3.0.0", "@acme/other": "^1.0.0" },',
        '  "optionalDependencies": { "@acme/ui-a": "1.1.0" }',
        '}',
      ].join('\n'),
    );
    expect(pins.dependencies).toEqual([
      { name: '@acme/ui-a', section: 'dependencies', from: '1.0.0', to: '1.1.0' },
      { name: '@acme/ui-a', section: 'optionalDependencies', from: '1.0.0', to: '1.1.0' },
      { name: '@acme/ui-c', section: 'dependencies', from: 'staging', to: '3.0.0' },
    ]);
  });

  it('changes nothing when every version is current and the list is complete', async () => {
    const text = `${JSON.stringify({ name: 'site', dependencies: { '@acme/ui-a': '1.0.0' }, catalogStaging: ['@acme/ui-a'] }, null, 2)}\n`;
    const pins = await pin(text, { '@acme/ui-a': '1.0.0' });
    expect(pins).toMatchObject({ text, changed: false, listChanged: false });
  });
});
