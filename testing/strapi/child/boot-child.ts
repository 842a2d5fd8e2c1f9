import type { BootReport, BootRequest } from '../boot-report.js';
import { linkChecks } from './link-checks.js';
import { loadedModels } from './loaded-models.js';
import { queryChecks } from './query-checks.js';
import { RowFactory } from './row-factory.js';
import { compileApp, createApp, messageOf, send, stageOf, timed } from './strapi-process.js';

// The child process that runs Strapi (bundled by esbuild, run by plain node with the temporary app
// as its working folder, as `strapi start` runs): compile (ts), createStrapi, register, bootstrap,
// read what Strapi loaded, run the query and link checks, send one BootReport over IPC, exit.
// Strapi calls process.exit on some errors (stopWithError): that one is turned into a throw here;
// any other exit without a report is reported by the parent.

const request = JSON.parse(process.argv[2] ?? '{}') as BootRequest;

async function main(): Promise<BootReport> {
  const compileMs = request.language === 'ts' ? await compileApp(request.appDir) : undefined;
  const [strapi, registerMs] = await timed('register', () => createApp(request.appDir, request.language).register());
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
    await send({ ok: false, stage: stageOf(error, 'register'), error: messageOf(error) } satisfies BootReport);
    process.exit(1);
  });
