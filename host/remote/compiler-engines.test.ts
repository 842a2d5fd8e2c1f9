import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EsmOrigin, startEsmOrigin } from '../../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../../testing/origins/sample-esm-modules.js';
import { REMOTE_GRAPH_LIMITS } from '../host-app.js';
import { HOST_CONFIG_DEFAULTS, type RemoteCompilerEngine } from '../host-config.js';
import { HostError } from '../host-error.js';
import {
  assertCompilerEngineInstalled,
  compilerEngine,
  esbuildNativeEngine,
  esbuildWasmEngine,
  stopCompiler,
  warmUpCompiler,
} from './compiler-engines.js';
import { EsmUrlPolicy } from './esm-url-policy.js';
import { RemoteCompiler } from './remote-compiler.js';

// docs/host-compiler.md "Compiler engine": esbuild-wasm and native esbuild (the same version) give
// the same bytes for the same graph, and the same error for the same fault.

const PREFIX = '/esm';
const ENTRY = `${PREFIX}/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}`;
const EXTERNALS = ['react', 'react/jsx-runtime', '@acme/core'];

let esm: EsmOrigin;
beforeAll(async () => {
  esm = await startEsmOrigin({
    ...sampleEsmModules(PREFIX),
    // The other loaders: TypeScript with JSX, and TypeScript imported from it.
    [`${PREFIX}/widget.tsx`]: [
      'import { format, Size } from "./format.ts";',
      'type Props = { readonly title: string; readonly count?: number };',
      'export default function Widget({ title, count = 1 }: Props) {',
      '  return <section className="w"><h2>{format(title)}</h2>{count > Size.Small && <p>{count}</p>}</section>;',
      '}',
      '',
    ].join('\n'),
    [`${PREFIX}/format.ts`]:
      'export const format = (text: string): string => text + "!";\nexport enum Size { Small = 1, Large = 2 }\n',
    [`${PREFIX}/broken.mjs`]: 'export function f(x) {\n  return x +;\n}\n',
  });
  await Promise.all([warmUpCompiler('wasm'), warmUpCompiler('native')]);
}, 60_000);
afterAll(async () => {
  await stopCompiler();
  await esm.close();
});

function compilerOf(engine: RemoteCompilerEngine): RemoteCompiler {
  const limits = { ...REMOTE_GRAPH_LIMITS, fetchTimeoutMs: HOST_CONFIG_DEFAULTS.fetchTimeoutMs };
  return new RemoteCompiler(new EsmUrlPolicy(`${esm.url}${PREFIX}`), limits, compilerEngine(engine));
}

async function compileWithBoth(path: string, externals: readonly string[]) {
  const request = { url: new URL(`${esm.url}${path}`), integrity: undefined, externals };
  return { wasm: await compilerOf('wasm').compile(request), native: await compilerOf('native').compile(request) };
}

describe('the two compiler engines', () => {
  it('are esbuild-wasm and native esbuild of the same version (the peer range of host/package.json)', async () => {
    const version = (name: string) =>
      (JSON.parse(readFileSync(new URL(import.meta.resolve(`${name}/package.json`)), 'utf8')) as { version: string })
        .version;
    expect(version('esbuild')).toBe(version('esbuild-wasm'));
    expect(compilerEngine('wasm')).toBe(esbuildWasmEngine);
    expect(compilerEngine('native')).toBe(esbuildNativeEngine);
    expect([esbuildWasmEngine.label, esbuildNativeEngine.label]).toEqual(['esbuild-wasm', 'esbuild']);
  });

  it('compile the sample component to the same bytes, source map included', async () => {
    const { wasm, native } = await compileWithBoth(`${ENTRY}?target=es2022`, EXTERNALS);
    expect(native.externals).toEqual(['@acme/core', 'react', 'react/jsx-runtime']);
    expect(native).toEqual(wasm);
    expect(native.code).toMatch(/\/\/# sourceMappingURL=data:application\/json;base64,/);
  });

  it('compile TypeScript and JSX to the same bytes', async () => {
    const { wasm, native } = await compileWithBoth(`${PREFIX}/widget.tsx`, ['react/jsx-runtime']);
    expect(native.externals).toEqual(['react/jsx-runtime']);
    expect(native.code).toContain('"w"');
    expect(native).toEqual(wasm);
  });

  it('fail a syntax error with the same code and message', async () => {
    const failures = await Promise.all(
      (['wasm', 'native'] as const).map((engine) =>
        compilerOf(engine)
          .compile({ url: new URL(`${esm.url}${PREFIX}/broken.mjs`), integrity: undefined, externals: [] })
          .then(
            () => undefined,
            (error: unknown) => error,
          ),
      ),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(HostError);
      expect(failure).toMatchObject({
        code: 'compile-failed',
        message: `Compile error: Unexpected ";" at ${esm.url}${PREFIX}/broken.mjs:2:13`,
      });
    }
  });

  it('each run as their own child process, and stopCompiler stops both; the next compile starts them again', async () => {
    const services = () => childCommands(process.pid).filter((command) => command.includes('--service='));
    await Promise.all([warmUpCompiler('wasm'), warmUpCompiler('native')]);
    // esbuild-wasm's service is node running its wasm; native esbuild's is the platform binary.
    const started = services();
    expect(started.filter((command) => command.includes('esbuild-wasm'))).toHaveLength(1);
    expect(started.filter((command) => command.includes('@esbuild/'))).toHaveLength(1);
    await stopCompiler();
    await expect.poll(services, { timeout: 10_000 }).toEqual([]);
    const { wasm, native } = await compileWithBoth(`${ENTRY}?target=es2022`, EXTERNALS);
    expect(native).toEqual(wasm);
    expect(services()).toHaveLength(2);
  }, 60_000);
});

describe('assertCompilerEngineInstalled', () => {
  it('accepts esbuild-wasm (a dependency) always, and native esbuild where the esbuild package is installed', () => {
    expect(() => assertCompilerEngineInstalled('wasm', 'REMOTE_COMPILER_ENGINE')).not.toThrow();
    expect(() => assertCompilerEngineInstalled('native', 'REMOTE_COMPILER_ENGINE')).not.toThrow();
    // Without it: host/main-compiler-engine.test.ts, on a real process that cannot resolve esbuild.
  });
});

/** The command lines of the processes `pid` started (Linux). */
function childCommands(pid: number): string[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return children.flatMap((child) => {
    try {
      return [readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ')];
    } catch {
      return []; // gone meanwhile
    }
  });
}
