import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAuthoringConfig } from '@runtime-component-catalog/authoring';
import { freePort } from '../free-port.js';
import { catalogSchema } from './catalog-schema-cli.js';
import { bootTimeoutMs } from './check-package.js';
import { childEnv, writeChild } from './child-bundle.js';
import { deployCms } from './deploy-cms.js';
import type { ServeReport, ServeRequest } from './serve-report.js';
import { createStrapiAppDir } from './strapi-app-dir.js';

/** A real Strapi 5 serving a generated schema package over HTTP on 127.0.0.1. */
export interface StrapiServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  /** A full-access API token (`Authorization: Bearer`) for the REST API (`/api/...`). */
  readonly apiToken: string;
  /** A super admin's JWT for the admin API (`/content-manager/...`). */
  readonly adminJwt: string;
  /** The super admin's login (`POST /admin/login`), made for this server. */
  readonly admin: { readonly email: string; readonly password: string };
  /** A users-permissions end user (Authenticated role: the page collection, the media library's reads). */
  readonly endUser: { readonly email: string; readonly password: string };
  /** The generated copy of the schema package (its `generated/registries/strapi-schema.json`, say). */
  readonly packageRoot: string;
  /**
   * Stops Strapi, copies the cms folders `generate` last wrote in {@link packageRoot} into the app
   * and starts Strapi again on the same database and port, as a CMS is redeployed (its database
   * migrations run, then the schema sync). The API token, the admin and the end user are made
   * anew: the answer holds them; `close` of either stops the one Strapi.
   */
  redeploy(): Promise<StrapiServer>;
  /** Kills Strapi and removes the temporary package and app (database and uploads included). */
  close(): Promise<void>;
}

/** What startStrapiServer serves. */
export interface StrapiServerOptions {
  /** The schema package to generate (default: examples/schema-package); it is copied, never written. */
  readonly packageRoot?: string;
  /** The port on 127.0.0.1 (default: a free one). */
  readonly port?: number;
}

const examplePackageDir = fileURLToPath(new URL('../../examples/schema-package/', import.meta.url));
const outputLimit = 20_000;

/** A copy of the package's sources and config in a temporary folder, generated: its root, cms folder and language. */
async function generatedCopy(packageRoot: string): Promise<{ root: string; cms: string; language: 'js' | 'ts' }> {
  const root = await mkdtemp(join(tmpdir(), 'catalog-strapi-package-'));
  try {
    for (const entry of ['src', 'catalog-schema.config.json', 'package.json']) {
      await cp(join(packageRoot, entry), join(root, entry), { recursive: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    }
    const generate = await catalogSchema(root, ['generate']);
    if (generate.code !== 0) throw new Error(`generate exited ${generate.code}: ${generate.stdout}${generate.stderr}`);
    const config = JSON.parse(await readFile(join(root, 'catalog-schema.config.json'), 'utf8').catch(() => '{}')) as {
      cms?: string;
      language?: 'js' | 'ts';
    };
    // Without `language`, generate chose `js`: the fresh copy has no cms folder with a tsconfig.json.
    return { root, cms: join(root, config.cms ?? defaultAuthoringConfig.cms), language: config.language ?? 'js' };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

/** The child's one report, or a failure when it exits first or outlives `timeoutMs` (then it is killed). */
function readyReport(child: ChildProcess, output: () => string, timeoutMs: number): Promise<ServeReport> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve({ ok: false, stage: 'timeout', error: `Strapi did not listen within ${timeoutMs} ms` });
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as ServeReport);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const error = `the Strapi process exited (${signal ?? `code ${code}`}) before listening:\n${output().slice(-4000)}`;
      resolve({ ok: false, stage: 'exit', error });
    });
  });
}

/** Logs the admin in through the admin API (`POST /admin/login`): its JWT. */
async function adminLogin(url: string, admin: ServeRequest['admin']): Promise<string> {
  const response = await fetch(`${url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || typeof body.data?.token !== 'string') {
    throw new Error(`POST /admin/login answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.data.token;
}

/**
 * Generates the schema package into a fresh copy of the installed test app (testing/strapi/app,
 * see strapi-app-dir.ts), boots it in a child process (killed with this process) listening on a
 * free port of 127.0.0.1, with a super admin and a full-access API token made through Strapi's
 * services, and resolves once the admin API has answered a login. Waits on the child's message,
 * never on a sleep; the budget is bootTimeoutMs (a loaded machine).
 */
export async function startStrapiServer(options: StrapiServerOptions = {}): Promise<StrapiServer> {
  const generated = await generatedCopy(options.packageRoot ?? examplePackageDir);
  const removals: (() => Promise<void>)[] = [() => rm(generated.root, { recursive: true, force: true })];
  const removeAll = async () => {
    for (const remove of removals.splice(0).reverse()) await remove();
  };
  try {
    const app = await createStrapiAppDir(generated.cms, generated.language);
    removals.push(() => app.remove());
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    let stopChild = async () => {};
    removals.push(() => stopChild());
    let starts = 0;
    const serve = async (): Promise<StrapiServer> => {
      starts += 1;
      // The serve child makes an API token `catalog tests`, a super admin and an end user `editor`
      // at every start, each unique in Strapi: a restart renames the previous ones aside.
      const suffix = starts === 1 ? '' : String(starts);
      const admin = { email: `admin${suffix}@example.com`, password: `Aa1-${randomBytes(12).toString('hex')}` };
      const endUser = { email: `editor${suffix}@example.com`, password: `Aa1-${randomBytes(12).toString('hex')}` };
      const child = await forkServe(app.appDir, { appDir: app.appDir, language: app.language, admin, endUser }, port);
      stopChild = child.stop;
      const report = await readyReport(child.process, child.output, bootTimeoutMs);
      if (!report.ok) throw new Error(`Strapi did not start (${report.stage}): ${report.error}`);
      const adminJwt = await adminLogin(url, admin);
      const redeploy = async () => {
        await stopChild();
        await deployCms(generated.cms, app.appDir);
        // Loaded here: it opens the app's own better-sqlite3, which exists once the app is installed.
        const { writeRows } = await import('./versions-proof/database-rows.js');
        writeRows(join(app.appDir, '.tmp', 'data.db'), [
          "update strapi_api_tokens set name = name || ' ' || id where name = 'catalog tests'",
          "update up_users set username = username || '-' || id where username = 'editor'",
        ]);
        return serve();
      };
      const packageRoot = generated.root;
      return { url, apiToken: report.apiToken, adminJwt, admin, endUser, packageRoot, redeploy, close: removeAll };
    };
    return await serve();
  } catch (error) {
    await removeAll();
    throw error;
  }
}

/** The serve child on `port`, killed with this process; `stop` closes its IPC channel (it exits) and waits. */
async function forkServe(appDir: string, request: ServeRequest, port: number) {
  const child = fork(await writeChild(appDir, 'serve'), [JSON.stringify(request)], {
    cwd: appDir,
    env: childEnv({ HOST: '127.0.0.1', PORT: String(port) }),
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = once(child, 'exit');
  const killWithParent = () => child.kill('SIGKILL');
  process.once('exit', killWithParent);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    process.off('exit', killWithParent);
    if (child.exitCode !== null || child.signalCode !== null) return;
    // A closed channel lets Strapi stop and close its database; a child that does not is killed.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    if (child.connected) child.disconnect();
    else child.kill('SIGKILL');
    await exited;
    clearTimeout(timer);
  };
  return { process: child, output: () => output, stop };
}
