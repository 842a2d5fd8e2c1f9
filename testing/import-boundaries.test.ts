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

// authoring/ by dependency (habit 20), lowest row first: a folder imports only folders of earlier
// rows, never one of its own row, so no two folders import each other. `(root)` is the shared core
// at authoring/'s root (authoring-error.ts, result.ts, read-bounded-body.ts); `(entries)` are
// index.ts and main.ts. The row of build … sync holds the commands' folders beside the shared
// pipeline (Changesets' layout), cli/ defines the program over all of them.
const AUTHORING_ORDER: readonly (readonly string[])[] = [
  ['(root)'],
  ['diagnostics'],
  ['source'],
  ['model'],
  ['parse'],
  ['validate'],
  ['generate'],
  ['config', 'write'],
  ['build', 'init', 'pipeline', 'rename', 'scaffold', 'sync'],
  ['publish', 'release'],
  ['versions'],
  ['pages'],
  ['cli'],
  ['(entries)'],
];
const AUTHORING_ENTRIES = new Set(['index.ts', 'main.ts']);

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

/** Where an authoring file (path relative to the repository) sits in AUTHORING_ORDER: its top folder, or `(root)`/`(entries)`. */
function authoringUnit(file: string): string {
  const [folder, ...rest] = relative('authoring', file).split('/');
  if (rest.length > 0) return folder!;
  return AUTHORING_ENTRIES.has(folder!) ? '(entries)' : '(root)';
}

/** Each authoring source file's imports of other authoring files (`.js` specifiers as the `.ts` files they name). */
function authoringImports(): { file: string; specifier: string; target: string }[] {
  return sourceFiles('authoring').flatMap((file) =>
    importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        file,
        specifier,
        target: relative(root, resolve(root, file, '..', specifier)).replace(/\.js$/, '.ts'),
      }))
      .filter(({ target }) => target.startsWith('authoring/')),
  );
}

/** The cycles of a directed graph: each strongly connected component of more than one node (Tarjan), sorted. */
function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function graphOf(edges: readonly (readonly [string, string])[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [from, to] of edges) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  return graph;
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

describe('authoring folder order', () => {
  const rowOf = new Map(AUTHORING_ORDER.flatMap((row, position) => row.map((unit) => [unit, position] as const)));
  const imports = authoringImports();
  const crossings = imports
    .map((edge) => ({ ...edge, from: authoringUnit(edge.file), to: authoringUnit(edge.target) }))
    .filter(({ from, to }) => from !== to);

  it('places every folder of authoring/ once in the order', () => {
    const units = [...new Set(sourceFiles('authoring').map(authoringUnit))].sort();
    expect(units.filter((unit) => !rowOf.has(unit))).toEqual([]);
    expect(AUTHORING_ORDER.flat().length).toBe(rowOf.size);
  });

  it('imports only folders of earlier rows', () => {
    const against = crossings
      .filter(({ from, to }) => !((rowOf.get(to) ?? Infinity) < (rowOf.get(from) ?? -Infinity)))
      .map(({ file, specifier, from, to }) => `${file} → ${specifier} (${from} may not import ${to})`);
    expect(against).toEqual([]);
  });

  it('has no cycle between its folders', () => {
    expect(cyclesOf(graphOf(crossings.map(({ from, to }) => [from, to] as const)))).toEqual([]);
  });

  it('has no cycle between its files (a type two files share gets a file of its own)', () => {
    expect(cyclesOf(graphOf(imports.map(({ file, target }) => [file, target] as const)))).toEqual([]);
  });
});
