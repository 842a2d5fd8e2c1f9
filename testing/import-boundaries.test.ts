import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The house (docs/design.md layout): contracts at the bottom; host, sdk, service-worker and authoring
// import only contracts (by its package name) and their own files; the browser folders never
// import `node:`. Tests and test helpers (`*.test.ts`, `*.case.ts`, `testing/`) may use testing/.
// sdk/vite/ is the SDK's Vite plugin: Node code that runs in an editor team's build, a folder of
// its own (its tsconfig has Node types, its build is tsc) that imports `node:` and vite's types,
// and that the browser code of sdk/ never imports (docs/service-worker.md "The Vite plugin").

const root = fileURLToPath(new URL('../', import.meta.url));
const PRODUCT_FOLDERS = ['contracts', 'host', 'sdk', 'sdk/vite', 'service-worker', 'authoring'] as const;
const BROWSER_FOLDERS = new Set(['contracts', 'sdk', 'service-worker']);
/** Folders inside a product folder that are checked as folders of their own (and kept out of their parent's files). */
const NESTED_FOLDERS = new Set(['sdk/vite']);
const OURS = ['@runtime-component-catalog/'];

/** The folders nested in `folder` that are checked on their own (`sdk/vite` for `sdk`). */
function nestedIn(folder: string): string[] {
  return [...NESTED_FOLDERS].filter((nested) => nested.startsWith(`${folder}/`));
}

function sourceFiles(folder: string): string[] {
  const nested = nestedIn(folder).map((inner) => `${inner.slice(folder.length + 1)}/`);
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => !nested.some((prefix) => file.startsWith(prefix)))
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
          const intoNested = nestedIn(folder).some((nested) => target.startsWith(`${nested}/`));
          if (!target.startsWith(`${folder}/`) || intoNested) crossings.push(`${file} → ${specifier}`);
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
