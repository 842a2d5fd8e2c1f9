import { createRequire } from 'node:module';
import type { RemoteCompilerEngine } from '../host-config.js';
import { HostError } from '../host-error.js';
import { type CompilerEngine, type EsbuildModule, esbuildEngine } from './compiler-engine.js';

// docs/host-compiler.md "Compiler engine": REMOTE_COMPILER_ENGINE picks esbuild-wasm (the default, a
// dependency of the host) or native esbuild (an optional peer dependency, installed by the
// operator); each is started at most once per process, when REMOTE_COMPILER says.

/** esbuild-wasm, started once per process on first use (`REMOTE_COMPILER_ENGINE=wasm`, the default). */
export const esbuildWasmEngine: CompilerEngine = esbuildEngine('wasm', 'esbuild-wasm', () => import('esbuild-wasm'));

/** Native esbuild (the optional peer dependency `esbuild`), started once per process on first use. */
export const esbuildNativeEngine: CompilerEngine = esbuildEngine(
  'native',
  'esbuild',
  async () => (await import('esbuild')) as EsbuildModule,
);

const ENGINES: Readonly<Record<RemoteCompilerEngine, CompilerEngine>> = {
  wasm: esbuildWasmEngine,
  native: esbuildNativeEngine,
};

/** The engine `REMOTE_COMPILER_ENGINE` (the option `remoteCompilerEngine`) names. */
export function compilerEngine(engine: RemoteCompilerEngine): CompilerEngine {
  return ENGINES[engine];
}

/** Starts the engine now (REMOTE_COMPILER=eager) rather than on the first compile; default esbuild-wasm. */
export async function warmUpCompiler(engine: RemoteCompilerEngine = 'wasm'): Promise<void> {
  await ENGINES[engine].ready();
}

/** Stops every engine that was started (`catalog-host` shuts down); those never started stay unloaded. */
export async function stopCompiler(): Promise<void> {
  await Promise.all(Object.values(ENGINES).map((engine) => engine.stop()));
}

/**
 * Throws a HostError (`invalid-config`) naming `setting` when `engine` is `native` and the
 * `esbuild` package cannot be found from the host, so that the process stops at start-up with one
 * line rather than failing its first compile. Resolves the package without loading it:
 * REMOTE_COMPILER=lazy still loads nothing before the first compile.
 */
export function assertCompilerEngineInstalled(engine: RemoteCompilerEngine, setting: string): void {
  if (engine !== 'native') return;
  try {
    import.meta.resolve('esbuild');
  } catch (error) {
    const { version } = createRequire(import.meta.url)('esbuild-wasm/package.json') as { version: string };
    throw new HostError(
      'invalid-config',
      `${setting} is native but the esbuild package is not installed: npm install esbuild@${version} (the version of esbuild-wasm), or set ${setting} to wasm`,
      { cause: error },
    );
  }
}
