import { createRequire } from 'node:module';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Strapi, StrapiModule, StrapiTypescriptUtils } from './strapi-surface.js';

// What both child programs (boot-child.ts, serve-child.ts) do the same way: run a step and turn a
// throw into a failure of its stage, compile a TypeScript app as `strapi build` does, create
// Strapi with its fatal exit turned into a throw, and send the one message over IPC.

/** The message of an error, with the problems Strapi's yup validation lists in `details.errors`. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const details = (error as { details?: { errors?: { message?: string }[] } }).details?.errors;
    const listed = details?.map((detail) => detail.message).filter(Boolean) ?? [];
    return listed.length > 0 ? `${error.message}: ${listed.join('; ')}` : error.message;
  }
  return String(error);
}

/** Sends one message to the parent (resolves once it is out). */
export function send(message: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message as object, () => resolve());
  });
}

/** Runs `step`, timing it; a throw becomes a failure of `stage`. */
export async function timed<T>(stage: string, step: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  try {
    return [await step(), Math.round(performance.now() - started)];
  } catch (error) {
    throw Object.assign(new Error(messageOf(error)), { stage });
  }
}

/** The stage a thrown error was tagged with by `timed` (`fallback` when none). */
export function stageOf<S extends string>(error: unknown, fallback: S): S {
  return (error as { stage?: S }).stage ?? fallback;
}

/** `require` from the app, so Strapi and the generated files resolve from its node_modules. */
export function appRequireOf(appDir: string): NodeRequire {
  return createRequire(join(appDir, 'package.json'));
}

/** Compiles a TypeScript app into appDir/dist (tsc's diagnostics, printed to console.error, are kept for the failure). */
export async function compileApp(appDir: string): Promise<number> {
  const tsUtils = appRequireOf(appDir)('@strapi/typescript-utils') as StrapiTypescriptUtils;
  const printed: string[] = [];
  // biome-ignore lint/suspicious/noConsole: tsc's diagnostics go to console.error; kept for the report
  const consoleError = console.error;
  console.error = (...args: unknown[]) => printed.push(args.map(String).join(' '));
  try {
    const [, ms] = await timed('compile', () =>
      tsUtils.compile(appDir, { configOptions: { ignoreDiagnostics: false } }).catch((error: unknown) => {
        throw new Error(`${messageOf(error)}\n${stripVTControlCharacters(printed.join('\n'))}`);
      }),
    );
    return ms;
  } finally {
    console.error = consoleError;
  }
}

/** `createStrapi` for the app (from dist/ for TypeScript), with `stopWithError` a throw instead of process.exit. */
export function createApp(appDir: string, language: 'js' | 'ts'): Strapi {
  const { createStrapi } = appRequireOf(appDir)('@strapi/strapi') as StrapiModule;
  const distDir = language === 'ts' ? join(appDir, 'dist') : appDir;
  const instance = createStrapi({ appDir, distDir, autoReload: false, serveAdminPanel: false });
  instance.stopWithError = (error, customMessage) => {
    throw new Error(customMessage ? `${customMessage}: ${messageOf(error)}` : messageOf(error));
  };
  return instance;
}
