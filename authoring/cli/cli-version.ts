import { existsSync, readFileSync } from 'node:fs';

/** The version of the authoring package: its package.json, found from this file in source and in dist/. */
export function cliVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (manifest.name === '@runtime-component-catalog/authoring') return manifest.version;
    }
    if (dir.pathname === '/') throw new Error('The package.json of @runtime-component-catalog/authoring is missing');
  }
}
