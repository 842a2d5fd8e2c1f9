import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../free-port.js';
import { type CliRun, catalogSchema } from '../catalog-schema-cli.js';
import { bootTimeoutMs } from '../check-package.js';
import { childEnv, writeChild } from '../child-bundle.js';
import { deployCms } from '../deploy-cms.js';
import type { ServeReport, ServeRequest } from '../serve-report.js';
import { createStrapiAppDir, type StrapiAppDir } from '../strapi-app-dir.js';
import type { StrapiEndpoint } from '../strapi-rest.js';
import { writeRows } from './database-rows.js';

// One schema package copy and one Strapi app (js, SQLite) that lives through every step: each
// generate is deployed into the same app and Strapi restarted on the same database, as a CMS is
// redeployed. startStrapiServer makes a fresh app each time, so it cannot show what a restart
// keeps.

const exampleDir = fileURLToPath(new URL('../../../examples/schema-package/', import.meta.url));

/** A running Strapi: its URL, a full-access API token, a super admin's JWT. */
export interface RunningStrapi extends StrapiEndpoint {
  readonly adminJwt: string;
  /** Stops Strapi (the child exits when its IPC channel closes) and waits for its exit. */
  stop(): Promise<void>;
}

export class ProofApp {
  readonly root: string;
  #app: StrapiAppDir | undefined;
  /** Starts so far: each creates its own super admin and end user (the serve child always does). */
  #starts = 0;

  private constructor(root: string) {
    this.root = root;
  }

  /** A temporary copy of examples/schema-package (sources, variant packages, config). */
  static async create(): Promise<ProofApp> {
    const root = await mkdtemp(join(tmpdir(), 'catalog-versions-proof-'));
    for (const entry of ['src', 'packages', 'catalog-schema.config.json', 'package.json']) {
      await cp(join(exampleDir, entry), join(root, entry), { recursive: true });
    }
    return new ProofApp(root);
  }

  get dbPath(): string {
    if (this.#app === undefined) throw new Error('no app yet: deploy first');
    return join(this.#app.appDir, '.tmp', 'data.db');
  }

  /** `catalog-schema <args>` in the package copy, with `env` (STRAPI_URL, STRAPI_TOKEN). */
  async cli(args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
    return catalogSchema(this.root, args, env);
  }

  /** Copies the generated cms folders into the app (made at the first deploy), keeping its database. */
  async deploy(): Promise<void> {
    const cms = join(this.root, 'cms');
    if (this.#app === undefined) {
      this.#app = await createStrapiAppDir(cms, 'js');
      return;
    }
    await deployCms(cms, this.#app.appDir);
  }

  /**
   * Starts Strapi on the app (the serve child: register, bootstrap with its migrations and schema
   * sync, users, listen) and resolves on its ready message, then on the admin's login.
   */
  async start(): Promise<RunningStrapi> {
    const app = this.#app;
    if (app === undefined) throw new Error('no app yet: deploy first');
    this.#starts += 1;
    // The serve child creates an API token named `catalog tests` and an end user `editor` at every
    // start, both unique in Strapi: the previous start's are renamed aside (they stay valid).
    if (this.#starts > 1) {
      writeRows(this.dbPath, [
        "update strapi_api_tokens set name = name || ' ' || id where name = 'catalog tests'",
        "update up_users set username = username || '-' || id where username = 'editor'",
      ]);
    }
    const admin = { email: `admin${this.#starts}@example.com`, password: 'Aa1-versions-proof-admin' };
    const endUser = { email: `editor${this.#starts}@example.com`, password: 'Aa1-versions-proof-editor' };
    const request: ServeRequest = { appDir: app.appDir, language: 'js', admin, endUser };
    const port = await freePort();
    const child = fork(await writeChild(app.appDir, 'serve'), [JSON.stringify(request)], {
      cwd: app.appDir,
      env: childEnv({ HOST: '127.0.0.1', PORT: String(port) }),
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const report = await readyOrExit(child, () => output);
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    };
    if (!report.ok) {
      await stop();
      throw new Error(`Strapi did not start (${report.stage}): ${report.error}`);
    }
    const login = await fetch(`${url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const adminJwt = ((await login.json()) as { data?: { token?: string } }).data?.token;
    if (adminJwt === undefined) {
      await stop();
      throw new Error(`POST /admin/login answered ${login.status}`);
    }
    return { url, apiToken: report.apiToken, adminJwt, stop };
  }

  /** Removes the package copy and the app (its database included). */
  async remove(): Promise<void> {
    await this.#app?.remove();
    await rm(this.root, { recursive: true, force: true });
  }
}

/** The child's ready message; its exit, or bootTimeoutMs without a message (then it is killed), is a failure. */
async function readyOrExit(child: ChildProcess, output: () => string): Promise<ServeReport> {
  const timer = setTimeout(() => child.kill('SIGKILL'), bootTimeoutMs);
  try {
    const [first] = await Promise.race([once(child, 'message'), once(child, 'exit').then(() => [undefined])]);
    return (first as ServeReport | undefined) ?? { ok: false, stage: 'exit', error: output().slice(-4000) };
  } finally {
    clearTimeout(timer);
  }
}
