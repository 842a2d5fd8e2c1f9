import { RUNTIME_REGISTRY_KEY } from '@runtime-component-catalog/contracts';
import { init as initLexer, parse as parseImports } from 'es-module-lexer';
import type * as esbuild from 'esbuild-wasm';
import { HostError } from '../host-error.js';
import type { CompilerEngine } from './compiler-engine.js';
import { esbuildWasmEngine } from './compiler-engines.js';
import { EsmGraphFetcher, type EsmGraphLimits } from './esm-graph-fetcher.js';
import type { EsmUrlPolicy } from './esm-url-policy.js';
import { matchesIntegrity } from './subresource-integrity.js';

/** What to compile: an allowed module URL, its optional SRI, and the specifiers the page provides. */
export interface CompileRequest {
  readonly url: URL;
  readonly integrity: string | undefined;
  readonly externals: readonly string[];
}

/** One self-contained browser ES module and the externals its bundle reads from the registry. */
export interface CompiledModule {
  readonly code: string;
  readonly externals: string[];
}

/**
 * Compiles a remote ES module graph (spec 4.3, docs/design.md "Remote component module") with
 * its engine (esbuild-wasm unless told otherwise, docs/host-compiler.md "Compiler engine"): the
 * graph under ESM_ORIGIN is fetched through the locked-down fetcher and bundled; each external becomes `module.exports = <registry>[specifier]`, which esbuild's
 * CommonJS interop turns into working default and named imports without knowing export names.
 */
export class RemoteCompiler {
  readonly #policy: EsmUrlPolicy;
  readonly #limits: EsmGraphLimits;
  readonly #engine: CompilerEngine;

  constructor(policy: EsmUrlPolicy, limits: EsmGraphLimits, engine: CompilerEngine = esbuildWasmEngine) {
    this.#policy = policy;
    this.#limits = limits;
    this.#engine = engine;
  }

  /** Fetches, checks and bundles the graph of `request.url`; every fetch sends `requestId` as `x-request-id`. */
  async compile(request: CompileRequest, requestId?: string): Promise<CompiledModule> {
    await this.#engine.ready();
    await initLexer;
    const fetcher = new EsmGraphFetcher(this.#policy, this.#limits, request.url.href, requestId);
    // Integrity is checked on the raw bytes of the module URL's response, before compiling.
    const entry = await fetcher.fetch(request.url);
    if (request.integrity !== undefined && !matchesIntegrity(entry.bytes, request.integrity)) {
      throw new HostError('integrity-mismatch', `Integrity mismatch for ${request.url.href}`);
    }
    const externals = new Set(request.externals);
    const used = new Set<string>();
    let result: esbuild.BuildResult<{ write: false }>;
    try {
      result = await this.#engine.build({
        entryPoints: [entry.finalUrl],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        sourcemap: 'external',
        outfile: 'remote-component.js',
        sourcesContent: true,
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
        plugins: [
          {
            name: 'remote-graph',
            setup: (build: esbuild.PluginBuild) => {
              build.onResolve({ filter: /.*/ }, async (args: esbuild.OnResolveArgs) => {
                if (args.kind === 'entry-point') return { path: esbuildPath(args.path), namespace: 'remote' };
                if (externals.has(args.path)) {
                  used.add(args.path);
                  return { path: args.path, namespace: 'external' };
                }
                if (isBareSpecifier(args.path)) {
                  throw new HostError(
                    'compile-failed',
                    `Unresolved import "${args.path}" in ${moduleUrlOf(args.importer)}: not an external of this component`,
                  );
                }
                const module = await fetcher.fetch(new URL(args.path, moduleUrlOf(args.importer)));
                return { path: esbuildPath(module.finalUrl), namespace: 'remote' };
              });
              build.onLoad({ filter: /.*/, namespace: 'remote' }, (args: esbuild.OnLoadArgs) => ({
                contents: fetcher.loaded(moduleUrlOf(args.path))?.source ?? '',
                loader: loaderFor(moduleUrlOf(args.path)),
              }));
              build.onLoad({ filter: /.*/, namespace: 'external' }, (args: esbuild.OnLoadArgs) => ({
                // The page registers module namespaces: one with a `default` export is marked as an
                // ES module, so a default import gets that export (not the namespace); any other
                // object is its own default, as a CommonJS module would be (see esbuildPath).
                contents: [
                  `const m = globalThis[Symbol.for(${JSON.stringify(RUNTIME_REGISTRY_KEY)})][${JSON.stringify(args.path)}];`,
                  `module.exports = m !== null && typeof m === "object" && "default" in m ? { ...m, __esModule: true } : m;`,
                ].join('\n'),
                loader: 'js',
              }));
            },
          },
        ],
      });
    } catch (error) {
      throw compileError(error);
    }
    const code = withInlineSourceMap(result.outputFiles);
    assertSelfContained(code, request.url.href);
    return { code, externals: [...used].sort() };
  }
}

/**
 * The name esbuild knows a fetched module by: its URL plus `#esm`. esbuild applies Node's interop
 * to files named `.mjs` (a default import of a CommonJS module is its whole `module.exports`),
 * which would hand a component the registered namespace instead of its default export; esm.sh
 * names its build files `.mjs`, so the suffix keeps the standard ES interop. The URL is the
 * name without it ({@link moduleUrlOf}); source maps name the URL.
 */
function esbuildPath(url: string): string {
  return `${url}${ESM_SUFFIX}`;
}

function moduleUrlOf(path: string): string {
  return path.endsWith(ESM_SUFFIX) ? path.slice(0, -ESM_SUFFIX.length) : path;
}

const ESM_SUFFIX = '#esm';

/** The bundle with its source map inline, the map naming each module by its URL. */
function withInlineSourceMap(files: readonly esbuild.OutputFile[]): string {
  const code = files.find((file) => !file.path.endsWith('.map'))?.text ?? '';
  const mapFile = files.find((file) => file.path.endsWith('.map'));
  if (mapFile === undefined) return code;
  const map = JSON.parse(mapFile.text) as { sources: string[] };
  map.sources = map.sources.map(moduleUrlOf);
  const encoded = Buffer.from(JSON.stringify(map)).toString('base64');
  return `${code}//# sourceMappingURL=data:application/json;base64,${encoded}\n`;
}

/** A bare specifier (`react`, `@acme/core/x`): no scheme, not relative, not root-relative. */
function isBareSpecifier(specifier: string): boolean {
  return !/^(\.{0,2}\/|[a-zA-Z][a-zA-Z0-9+.-]*:)/.test(specifier);
}

function loaderFor(url: string): esbuild.Loader {
  const path = new URL(url).pathname;
  if (path.endsWith('.jsx')) return 'jsx';
  if (path.endsWith('.tsx')) return 'tsx';
  if (path.endsWith('.ts') || path.endsWith('.mts')) return 'ts';
  return 'js';
}

/** A plugin's HostError (403, 502) passes through; esbuild's own errors are 422 with their location. */
function compileError(error: unknown): HostError {
  const failure = error as esbuild.BuildFailure;
  for (const message of failure.errors ?? []) {
    if (message.detail instanceof HostError) return message.detail;
  }
  const first = failure.errors?.[0];
  if (first === undefined) return new HostError('compile-failed', `Compile error: ${String(error)}`, { cause: error });
  const where = first.location
    ? ` at ${moduleUrlOf(first.location.file.replace(/^remote:/, ''))}:${first.location.line}:${first.location.column + 1}`
    : '';
  return new HostError('compile-failed', `Compile error: ${first.text}${where}`, { cause: error });
}

/** docs/design.md: the output must not leave any import the browser would resolve. */
function assertSelfContained(code: string, url: string): void {
  const [imports] = parseImports(code);
  const left = imports.filter((entry) => entry.type !== 'import-meta');
  if (left.length > 0) {
    const names = left.map((entry) => entry.specifier ?? code.slice(entry.start, entry.end)).join(', ');
    throw new HostError('compile-failed', `Compile error: the module of ${url} still imports ${names}`);
  }
}
