import { init as initLexer } from 'es-module-lexer';
import type * as esbuild from 'esbuild-wasm';

/** The compiler behind `RemoteCompiler`: esbuild-wasm (the default) or native esbuild (docs/host-compiler.md "Compiler engine"). */
export interface CompilerEngine {
  /** `wasm` or `native`, as `REMOTE_COMPILER_ENGINE` names it. */
  readonly name: string;
  /** The package, as log lines name it: `esbuild-wasm` or `esbuild`. */
  readonly label: string;
  readonly build: typeof esbuild.build;
  /** Resolves once the engine can build (starts it if it was not). */
  ready(): Promise<void>;
  /** Stops the engine's child process if it was started; the next build starts it again. */
  stop(): Promise<void>;
}

/** What an engine needs of an esbuild package: esbuild-wasm and esbuild have the same API. */
export type EsbuildModule = Pick<typeof esbuild, 'initialize' | 'build' | 'stop'>;

/**
 * An engine over the esbuild package that `load` imports. Nothing is imported before the first
 * `ready` or `build` (REMOTE_COMPILER=lazy/off keep the package out of the process). The start
 * imports it, starts its child process (esbuild-wasm's holds 185-290 MiB) and compiles a tiny
 * module, so that the compile that follows does not pay for the start. Every later call shares
 * the same promise; a failed start is tried again on the next call.
 */
export function esbuildEngine(name: string, label: string, load: () => Promise<EsbuildModule>): CompilerEngine {
  let started: Promise<EsbuildModule> | undefined;
  const start = (): Promise<EsbuildModule> => {
    started ??= (async () => {
      const module = await load();
      await module.initialize({});
      await module.build({ stdin: { contents: 'export default 1' }, bundle: true, write: false, logLevel: 'silent' });
      await initLexer;
      return module;
    })().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
  return {
    name,
    label,
    build: (async (options: esbuild.BuildOptions) => (await start()).build(options)) as typeof esbuild.build,
    ready: async () => {
      await start();
    },
    // A start under way is let finish first, so that it ends without a failure to report.
    stop: async () => {
      const starting = started;
      if (starting === undefined) return;
      const module = await starting.catch(() => undefined);
      if (started === starting) started = undefined;
      await module?.stop();
    },
  };
}
