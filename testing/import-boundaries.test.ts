import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The house (docs/design.md layout): contracts at the bottom; host, sdk, service-worker and authoring
// import only contracts (by its package name) and their own files; the browser folders never
// import `node:`. Tests and test helpers (`*.test.ts`, `*.case.ts`, `testing/`) may use testing/.

const root = fileURLToPath(new URL('../', import.meta.url));
const PRODUCT_FOLDERS = ['contracts', 'host', 'sdk', 'service-worker', 'authoring'] as const;
const BROWSER_FOLDERS = new Set(['contracts', 'sdk', 'service-worker']);
const OURS = ['@runtime-component-catalog/'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !/(^|\/)(node_modules|dist|testing)\//.test(`/${file}`) && !/\.(test|case)\.tsx?$/.test(file))
    .filter((file) => !/^vite(\.worker)?\.config\.ts$/.test(file))
    .map((file) => join(folder, file));
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  // `from '…'`, a side-effect `import '…'` and a dynamic `import('…')`.
  return [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? match[2]!,
  );
}

describe('import boundaries', () => {
  it.each(PRODUCT_FOLDERS)('%s imports only its own files and the contracts package', (folder) => {
    const crossings: string[] = [];
    for (const file of sourceFiles(folder)) {
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = relative(root, resolve(root, file, '..', specifier));
          if (!target.startsWith(`${folder}/`)) crossings.push(`${file} → ${specifier}`);
        } else if (OURS.some((prefix) => specifier.startsWith(prefix))) {
          if (folder === 'contracts' || specifier !== '@runtime-component-catalog/contracts') {
            crossings.push(`${file} → ${specifier}`);
          }
        } else if (BROWSER_FOLDERS.has(folder) && specifier.startsWith('node:')) {
          crossings.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
