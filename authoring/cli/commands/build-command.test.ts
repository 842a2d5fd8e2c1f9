import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { startsWithUseClient } from '../../build/use-client.js';
import { defaultExternals } from '../../config/default-externals.js';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import { makeTempDir, readFiles, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { type RunCliOptions, runCli } from '../run-cli.js';

afterEach(removeTempDirs);

async function run(root: string, args: string[], options: RunCliOptions = {}) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, options);
  return { code, out: stdout(), err: stderr() };
}

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

const counter = `import { theme } from '@acme/core';
import { useState } from 'react';
import { label } from './label';

export default function Counter({ start = 0 }: { start?: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" style={{ color: theme.text }} onClick={() => setCount(count + 1)}>
      {label}: {count}
    </button>
  );
}
`;

const hero = `import { theme } from '@acme/core';
import Link from 'next/link';

/** Mentions window only in a string: still server-safe. */
export default function Hero({ title }: { title: string }) {
  return <Link href="/" title="window">{title}{theme.text}</Link>;
}
`;

/** A schema package root with two variant packages: counter1 (client) and hero1 (server-safe). */
async function fixture(): Promise<string> {
  const root = await makeTempDir();
  await writeTree(root, {
    'packages/ui-counter1/package.json': JSON.stringify({ name: '@acme/ui-counter1', version: '1.2.3' }),
    'packages/ui-counter1/src/index.tsx': counter,
    'packages/ui-counter1/src/label.ts': "export const label = 'Clicks';\n",
    'packages/ui-hero1/package.json': JSON.stringify({ name: '@acme/ui-hero1', version: '1.0.0' }),
    'packages/ui-hero1/src/index.tsx': hero,
  });
  return root;
}

/** The modules a built file loads: ESM import/export specifiers and CJS require() arguments, read on its syntax tree. */
function loadedModules(text: string): string[] {
  const source = ts.createSourceFile('out.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  expect((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.add((node.moduleSpecifier as ts.StringLiteral).text);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') {
      found.add((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].sort();
}

const counterDist = 'packages/ui-counter1/dist';
const counterFiles = [
  'esm/@acme/ui-counter1@1.2.3.mjs',
  'esm/@acme/ui-counter1@1.2.3/es2022/ui-counter1.mjs',
  'index.cjs',
  'index.mjs',
];

describe('build', () => {
  it('builds ESM, CJS and the esm.sh shape; every import is an external, local modules are bundled', async () => {
    const root = await fixture();
    const result = await run(root, ['build']);
    expect(result).toEqual({
      code: 0,
      out: [
        '@acme/ui-counter1@1.2.3 client: useState at packages/ui-counter1/src/index.tsx:6:29',
        '@acme/ui-hero1@1.0.0 server: no hook, browser API, event handler or class component found',
        'build: 2 variants built',
        '',
      ].join('\n'),
      err: '',
    });
    const files = await readFiles(join(root, counterDist));
    expect([...files.keys()]).toEqual(counterFiles);
    for (const path of ['index.mjs', 'index.cjs', counterFiles[1]!]) {
      expect(loadedModules(files.get(path)!), path).toEqual(['@acme/core', 'react', 'react/jsx-runtime']);
      expect(files.get(path)).toContain('"Clicks"');
    }
    expect(files.get('index.cjs')).toMatch(/require\("react"\)/);
    expect(files.get(counterFiles[1]!)).toBe(files.get('index.mjs'));
    expect(files.get(counterFiles[0]!)).toBe(
      [
        '"use client";',
        '/* esm.sh - @acme/ui-counter1@1.2.3 */',
        'export * from "./ui-counter1@1.2.3/es2022/ui-counter1.mjs";',
        'export { default } from "./ui-counter1@1.2.3/es2022/ui-counter1.mjs";',
        '',
      ].join('\n'),
    );
    const heroFiles = await readFiles(join(root, 'packages/ui-hero1/dist'));
    expect(loadedModules(heroFiles.get('index.mjs')!)).toEqual(['@acme/core', 'next/link', 'react/jsx-runtime']);
    for (const name of loadedModules(heroFiles.get('index.cjs')!)) expect(defaultExternals).toContain(name);
  });

  it('the CJS build loads with the externals stubbed, requiring only externals', async () => {
    const root = await fixture();
    expect((await run(root, ['build', 'counter1'])).code).toBe(0);
    const text = await readFile(join(root, counterDist, 'index.cjs'), 'utf8');
    const required: string[] = [];
    const stub = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : () => null) });
    const module = { exports: {} as Record<string, unknown> };
    new Function('require', 'module', 'exports', text)(
      (name: string) => {
        required.push(name);
        return stub;
      },
      module,
      module.exports,
    );
    expect(typeof module.exports.default).toBe('function');
    expect(required.sort()).toEqual(['@acme/core', 'react', 'react/jsx-runtime']);
  });

  it('a client component gets "use client" as the first statement of every emitted file; a server-safe one none', async () => {
    const root = await fixture();
    expect((await run(root, ['build'])).code).toBe(0);
    const client = await readFiles(join(root, counterDist));
    expect(client.size).toBe(4);
    for (const [path, text] of client) {
      expect(startsWithUseClient(text), path).toBe(true);
      expect(text.startsWith('"use client";\n'), path).toBe(true);
    }
    const server = await readFiles(join(root, 'packages/ui-hero1/dist'));
    expect(server.size).toBe(4);
    for (const [path, text] of server) {
      expect(startsWithUseClient(text), path).toBe(false);
      expect(text, path).not.toContain('use client');
    }
  });

  it('a package may force the decision: client false over useState (catalog-build.json), client true (package.json)', async () => {
    const root = await fixture();
    await writeTree(root, {
      'packages/ui-counter1/catalog-build.json': '{ "client": false }\n',
      'packages/ui-hero1/package.json': JSON.stringify({
        name: '@acme/ui-hero1',
        version: '1.0.0',
        catalogBuild: { client: true },
      }),
    });
    const result = await run(root, ['build']);
    expect(result.out).toBe(
      [
        '@acme/ui-counter1@1.2.3 server: forced by packages/ui-counter1/catalog-build.json',
        '@acme/ui-hero1@1.0.0 client: forced by packages/ui-hero1/package.json',
        'build: 2 variants built',
        '',
      ].join('\n'),
    );
    for (const text of (await readFiles(join(root, counterDist))).values()) expect(text).not.toContain('use client');
    for (const text of (await readFiles(join(root, 'packages/ui-hero1/dist'))).values())
      expect(startsWithUseClient(text)).toBe(true);
  });

  it('--format json lists every reason of every variant', async () => {
    const root = await fixture();
    const result = await run(root, ['build', 'counter1', '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({
      command: 'build',
      ok: true,
      summary: 'build: 1 variant built',
      diagnostics: [],
      written: [counterDist],
      dryRun: false,
    });
    expect(report.variants).toEqual([
      {
        variant: 'counter1',
        package: '@acme/ui-counter1',
        version: '1.2.3',
        client: true,
        forcedBy: null,
        reasons: [
          { kind: 'hook', name: 'useState', path: 'packages/ui-counter1/src/index.tsx', line: 6, column: 29 },
          { kind: 'event-handler', name: 'onClick', path: 'packages/ui-counter1/src/index.tsx', line: 8, column: 57 },
        ],
        files: counterFiles.map((path) => `${counterDist}/${path}`),
      },
    ]);
  });

  it('a syntax error leaves every previous dist untouched and exits 1 naming file:line:column', async () => {
    const root = await fixture();
    expect((await run(root, ['build'])).code).toBe(0);
    const before = await snapshotTree(join(root, 'packages'));
    await writeFile(join(root, 'packages/ui-counter1/src/label.ts'), "export const label = 'Clicks\n");
    await writeFile(join(root, 'packages/ui-hero1/src/index.tsx'), `${hero}// a change\n`);
    const after = await snapshotTree(join(root, 'packages'));
    const result = await run(root, ['build']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /\npackages\/ui-counter1\/src\/label\.ts:1:29 build-failed Unterminated string literal\nbuild failed, dist\/ unchanged: 1 problem in 1 file\n$/,
    );
    // Neither dist changed (hero1 built fine but is not written alone), no temporary folder is left.
    const now = await snapshotTree(join(root, 'packages'));
    expect(now).toEqual(after);
    for (const [path, hash] of before) if (path.includes('/dist')) expect(now.get(path)).toBe(hash);
    expect((await readdir(join(root, 'packages/ui-counter1'))).sort()).toEqual(['dist', 'package.json', 'src']);
  });

  it('a failure while replacing dist/ puts the previous dist back (output-failed, exit 1)', async () => {
    const root = await fixture();
    expect((await run(root, ['build'])).code).toBe(0);
    const before = await snapshotTree(join(root, 'packages'));
    await writeFile(join(root, 'packages/ui-hero1/src/index.tsx'), `${hero}// a change\n`);
    // The 4th rename: hero1's new dist going in, after counter1 was swapped and hero1's old one moved aside.
    const fs = failingFileSystem({ operation: 'rename', nth: 4 });
    const result = await run(root, ['build'], { fs });
    expect(fs.failed()).toBe(true);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^catalog-schema build: output-failed: replacing dist\/ failed: EIO/);
    const now = await snapshotTree(join(root, 'packages'));
    for (const [path, hash] of before) if (path.includes('/dist')) expect(now.get(path), path).toBe(hash);
    expect([...now.keys()].filter((path) => path.includes('catalog-schema-'))).toEqual([]);
  });

  it('an unknown variant stops before anything is built: variant-unknown lists the known ones (exit 2)', async () => {
    const root = await fixture();
    const before = await snapshotTree(root);
    expect(await run(root, ['build', 'hero1', 'hero9'])).toEqual({
      code: 2,
      out: '',
      err: 'catalog-schema build: variant-unknown: no variant package "hero9" in packages/ (known: counter1, hero1)\n',
    });
    const json = JSON.parse((await run(root, ['build', 'nope', '--format', 'json'])).out);
    expect(json.error.code).toBe('variant-unknown');
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('--dry-run builds and reports but writes nothing', async () => {
    const root = await fixture();
    const before = await snapshotTree(root);
    const result = await run(root, ['build', '--dry-run', '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ ok: true, dryRun: true, written: [] });
    expect(report.variants.map((build: { client: boolean }) => build.client)).toEqual([true, false]);
    expect(await snapshotTree(root)).toEqual(before);
    // A failing build is reported under --dry-run too.
    await writeFile(join(root, 'packages/ui-hero1/src/index.tsx'), 'export default function (\n');
    expect((await run(root, ['build', '--dry-run'])).code).toBe(1);
  });

  it('a variant package is self-contained: relative imports and symbolic links that leave it fail the build', async () => {
    const root = await fixture();
    await writeTree(root, {
      'shared/hook.ts': "import { useState } from 'react';\nexport const useHook = () => useState(0);\n",
      'packages/ui-hero1/src/index.tsx':
        "import { useHook } from '../../../shared/hook';\nexport default function A() {\n  return <p>{String(useHook)}</p>;\n}\n",
      'packages/ui-counter1/src/label.ts': "export { label } from './linked';\n",
    });
    await symlink(join(root, 'shared/label.ts'), join(root, 'packages/ui-counter1/src/linked.ts'));
    await writeFile(join(root, 'shared/label.ts'), "export const label = 'from outside';\n");
    const result = await run(root, ['build']);
    expect(result.code).toBe(1);
    expect(result.out.split('\n').filter((line) => line.includes('build-failed'))).toEqual([
      'packages/ui-hero1/src/index.tsx:1:25 build-failed "../../../shared/hook" leads outside the variant package: move the file into it',
      'shared/label.ts:1:1 build-failed is bundled from outside the variant package (through a symbolic link): move the file into it',
    ]);
    expect(await readdir(join(root, 'packages/ui-hero1'))).not.toContain('dist');
  });

  it("builds the example package's variants (the playground's components): counter1 and cta1 client, the others server-safe, only default externals", async () => {
    const root = await makeTempDir();
    const ids = ['callout1', 'counter1', 'cta1', 'features1', 'hero1'];
    for (const id of ids) {
      const source = await readFile(
        new URL(`../../../examples/schema-package/packages/ui-${id}/src/index.tsx`, import.meta.url),
        'utf8',
      );
      await writeTree(root, {
        [`packages/ui-${id}/package.json`]: JSON.stringify({ name: `@acme/ui-${id}`, version: '1.0.0' }),
        [`packages/ui-${id}/src/index.tsx`]: source,
      });
    }
    const result = await run(root, ['build', '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out) as { variants: { variant: string; client: boolean }[] };
    expect(report.variants.map(({ variant, client }) => [variant, client])).toEqual(
      // cta1 reads the router (usePathname, useRouter) and prefetches on pointer enter and focus.
      ids.map((id) => [id, id === 'counter1' || id === 'cta1']),
    );
    for (const id of ids) {
      for (const [path, text] of await readFiles(join(root, `packages/ui-${id}/dist`))) {
        for (const name of loadedModules(text)) {
          if (!path.endsWith(`@1.0.0.mjs`)) expect(defaultExternals, `${id} ${path}`).toContain(name);
        }
      }
    }
  });

  it('reads packages, scope and externals from the config; an invalid package.json is reported at its line', async () => {
    const root = await makeTempDir();
    await writeTree(root, {
      'catalog-schema.config.json': JSON.stringify({ packages: 'variants', scope: '@shop', externals: ['react'] }),
      'variants/ui-card1/package.json': JSON.stringify({ name: '@shop/ui-card1', version: '2.0.0' }),
      'variants/ui-card1/src/index.tsx':
        "import { theme } from '@acme/core';\nexport default function Card() {\n  return <p>{theme}</p>;\n}\n",
      'variants/ui-card2/package.json': '{\n  "name": "@acme/ui-card2",\n  "version": "1.0.0"\n}\n',
      'variants/ui-card2/src/index.tsx': 'export default function Card() {\n  return null;\n}\n',
    });
    // @acme/core is no external here, so esbuild must find it and cannot.
    const result = await run(root, ['build']);
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      [
        'variants/ui-card1/src/index.tsx:1:23 build-failed Could not resolve "@acme/core"',
        'variants/ui-card2/package.json:2:11 variant-package-invalid "name" must be "@shop/ui-card2"',
        'build failed, dist/ unchanged: 2 problems in 2 files',
        '',
      ].join('\n'),
    );
    expect(await readdir(join(root, 'variants/ui-card1'))).not.toContain('dist');
  });
});
