import { createRequire } from 'node:module';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { BootFailure, BootReport, BootRequest } from '../boot-report.js';
import { linkChecks } from './link-checks.js';
import { loadedModels } from './loaded-models.js';
import { queryChecks } from './query-checks.js';
import { RowFactory } from './row-factory.js';
import type { StrapiModule, StrapiTypescriptUtils } from './strapi-surface.js';

// The child process that runs Strapi (bundled by esbuild, run by plain node with the temporary app
// as its working folder, as `strapi start` runs): compile (ts), createStrapi, register, bootstrap,
// read what Strapi loaded, run the query and link checks, send one BootReport over IPC, exit.
// Strapi calls process.exit on some errors (stopWithError): that one is turned into a throw here;
// any other exit without a report is reported by the parent.

const request = JSON.parse(process.argv[2] ?? '{}') as BootRequest;

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    // Strapi's yup validation errors list each problem in `details.errors`.
    const details = (error as { details?: { errors?: { message?: string }[] } }).details?.errors;
    const listed = details?.map((detail) => detail.message).filter(Boolean) ?? [];
    return listed.length > 0 ? `${error.message}: ${listed.join('; ')}` : error.message;
  }
  return String(error);
}

function send(report: BootReport): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(report, () => resolve());
  });
}

/** Runs `step`, timing it; a throw becomes a failure of `stage`. */
async function timed<T>(stage: BootFailure['stage'], step: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  try {
    return [await step(), Math.round(performance.now() - started)];
  } catch (error) {
    throw Object.assign(new Error(messageOf(error)), { stage });
  }
}

/** tsc's diagnostics go to console.error; they are kept for the failure message. */
async function compile(appRequire: NodeRequire): Promise<number> {
  const tsUtils = appRequire('@strapi/typescript-utils') as StrapiTypescriptUtils;
  const printed: string[] = [];
  // biome-ignore lint/suspicious/noConsole: tsc's diagnostics go to console.error; kept for the report
  const consoleError = console.error;
  console.error = (...args: unknown[]) => printed.push(args.map(String).join(' '));
  try {
    const [, ms] = await timed('compile', () =>
      tsUtils.compile(request.appDir, { configOptions: { ignoreDiagnostics: false } }).catch((error: unknown) => {
        throw new Error(`${messageOf(error)}\n${stripVTControlCharacters(printed.join('\n'))}`);
      }),
    );
    return ms;
  } finally {
    console.error = consoleError;
  }
}

async function main(): Promise<BootReport> {
  const appRequire = createRequire(join(request.appDir, 'package.json'));
  const compileMs = request.language === 'ts' ? await compile(appRequire) : undefined;
  const distDir = request.language === 'ts' ? join(request.appDir, 'dist') : request.appDir;
  const [strapi, registerMs] = await timed('register', async () => {
    const { createStrapi } = appRequire('@strapi/strapi') as StrapiModule;
    const instance = createStrapi({ appDir: request.appDir, distDir, autoReload: false, serveAdminPanel: false });
    instance.stopWithError = (error, customMessage) => {
      throw new Error(customMessage ? `${customMessage}: ${messageOf(error)}` : messageOf(error));
    };
    return instance.register();
  });
  const [, bootstrapMs] = await timed('bootstrap', () => strapi.bootstrap());
  const [checks, checksMs] = await timed('checks', async () => {
    const links = await linkChecks(strapi, new RowFactory(strapi));
    return { links, queries: await queryChecks(strapi) };
  });
  const report: BootReport = {
    ok: true,
    ...loadedModels(strapi),
    ...checks,
    timings: { ...(compileMs === undefined ? {} : { compileMs }), registerMs, bootstrapMs, checksMs },
  };
  await send(report);
  // The report is out: a failing shutdown changes nothing the parent reads.
  await strapi.destroy().catch(() => undefined);
  return report;
}

main()
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    const stage = (error as { stage?: BootFailure['stage'] }).stage ?? 'register';
    await send({ ok: false, stage, error: messageOf(error) });
    process.exit(1);
  });
