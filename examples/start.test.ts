import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { anyPortEnvironment } from './playground-stack.js';

const root = fileURLToPath(new URL('../', import.meta.url));
/**
 * A test that starts the whole stack: it waits on events (the ready line, exits, closed output),
 * and this budget holds on a busy 2-core machine (load average 8), where one start takes ~30 s.
 */
const STACK_TIMEOUT_MS = 120_000;
/** How long the processes of a stopped stack may take to be gone, on that machine. */
const GONE_WITHIN_MS = 60_000;
const started: { child: ChildProcess; stateDir: string }[] = [];
/** The variants of examples/schema-package, in the catalog's order (publish's: by package folder). */
const VARIANTS = ['callout1', 'cards1', 'counter1', 'cta1', 'features1', 'form1', 'hero1'];

/** `npm start`'s program (examples/start.ts), every port free unless given. */
function start(env: Record<string, string>) {
  return launch(process.execPath, ['--import', 'tsx', 'examples/start.ts'], env);
}

/** `npm start` itself: npm, its script and everything that starts. */
function npmStart(env: Record<string, string>) {
  return launch('npm', ['start', '--silent'], env);
}

async function launch(command: string, args: string[], env: Record<string, string>) {
  const stateDir = await mkdtemp(join(tmpdir(), 'start-test-'));
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...anyPortEnvironment(stateDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, stateDir });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Every process that inherited the output holds it open: closed means they have all exited.
  const outputClosed = new Promise<void>((resolve) => child.stdout!.once('close', resolve));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const line = /editor ready at (\S+)/.exec(stdout);
      if (line) resolve(line[1]!);
    });
    void exit.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  ready.catch(() => {}); // the tests that expect an early exit never wait for ready
  return { child, exit, outputClosed, ready, output: () => ({ stdout, stderr }) };
}

/** The pids of every process under `pid` (Linux: /proc), deepest last. */
async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const children = parents.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** Whether `pid` is a live process (a zombie waiting for its reaper is not). */
async function alive(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** Whether something accepts connections at `url`'s port on 127.0.0.1. */
function listening(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The four URLs `npm start` printed. */
function urls(stdout: string): string[] {
  return [/editor ready at (\S+)/, /host listening on (\S+)/, /artifacts origin at (\S+)/, /ESM origin at (\S+)/].map(
    (pattern) => pattern.exec(stdout)![1]!,
  );
}

function occupyPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
  });
}

afterEach(async () => {
  for (const { child, stateDir } of started.splice(0)) {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(stateDir, { recursive: true, force: true });
  }
});

describe('npm start', () => {
  it(
    'prints the editor URL once every process is up, and Ctrl-C stops every process',
    async () => {
      const playground = await start({});
      const url = await playground.ready;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const { stdout } = playground.output();
      const host = /host listening on (http:\/\/\S+)/.exec(stdout)![1]!;
      const artifacts = /artifacts origin at (http:\/\/\S+)/.exec(stdout)![1]!;
      expect(stdout).toContain('development revalidation secret: dev-revalidation-secret');
      // The two folders a `catalog-schema publish` into the playground writes (docs/playground.md).
      const stateDir = started.at(-1)!.stateDir;
      expect(stdout).toContain(`(serving ${join(stateDir, 'artifacts')})`);
      expect(stdout).toContain(`(serving ${join(stateDir, 'esm')})`);
      // The catalog: every variant of examples/schema-package, published before the editor is ready.
      expect(stdout).toMatch(
        /\ncatalog: published 7 variants of examples\/schema-package \(callout1, cards1, counter1, cta1, features1, form1, hero1\) with catalog-schema publish in \d+\.\d s\n/,
      );
      expect(stdout.indexOf('host listening on')).toBeLessThan(stdout.indexOf('catalog: published'));
      expect(stdout.indexOf('catalog: published')).toBeLessThan(stdout.indexOf('editor ready at'));
      const catalog = await (await fetch(`${url}origin/catalog.json`)).text();
      expect((JSON.parse(catalog) as { packages: { id: string }[] }).packages.map((pkg) => pkg.id)).toEqual(VARIANTS);
      const entry = await fetch(`${url}api/runtime-catalog/hero1`);
      expect(entry.status).toBe(200);
      expect(await entry.json()).toMatchObject({
        package: '@acme/ui-hero1',
        version: '1.0.0',
        module: { sri: expect.any(String) },
      });

      // npm run example:republish against the running playground.
      const republish = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'examples/republish.ts', ...args], {
          cwd: root,
          env: { ...process.env, PLAYGROUND_URL: url },
          encoding: 'utf8',
        });
      const done = republish('callout1');
      expect([done.status, done.stderr]).toEqual([0, '']);
      // The publishing tool's lines, then the summary.
      expect(
        done.stdout.replace(/[0-9a-f]{12}…|(?<=folder )\S+|127\.0\.0\.1:\d+|\(\d+ bytes\)/g, '*').split('\n'),
      ).toEqual([
        'artifact data.json: changed (sha256 *)',
        'upload: @acme/ui-callout1@1.0.0/data.json on folder * *',
        'verify: data.json ok through http://*',
        'revalidate: data.json → 200 (runtime-artifact:callout1:data.json)',
        'republished callout1 data.json',
        '',
      ]);
      const data = (await (await fetch(`${url}api/runtime-catalog/callout1/data.json`)).json()) as { title: string };
      expect(data.title).toBe('Good to know (republished 1)');
      expect(republish('nope').stderr).toBe('error: Unknown package: nope\n');
      expect(republish().status).toBe(2);

      // hero1 2.0.0 is one POST away (examples/releases/hero1-2.0.0, the real catalog-schema publish).
      const released = await fetch(`${url}__playground/publish-release`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"release":"hero1-2.0.0"}',
      });
      expect([released.status, ((await released.json()) as { published: unknown }).published]).toEqual([
        200,
        { variant: 'hero1', package: '@acme/ui-hero1', version: '2.0.0' },
      ]);
      expect(await (await fetch(`${url}api/runtime-catalog/hero1`)).json()).toMatchObject({ version: '2.0.0' });

      playground.child.kill('SIGINT');
      expect(await playground.exit).toBe(0);
      for (const stopped of [url, host, artifacts]) {
        await expect(fetch(stopped)).rejects.toThrow('fetch failed');
      }

      // A restart on the same folder, nothing changed since: the stores are the copy of the first
      // start's publish (the republished data.json is gone), and nothing is published.
      const again = await start({ PLAYGROUND_STATE_DIR: stateDir });
      const againUrl = await again.ready;
      expect(again.output().stdout).toContain(
        '\ncatalog: 7 variants of examples/schema-package (callout1, cards1, counter1, cta1, features1, form1, hero1), as published at an earlier start from the same sources\n',
      );
      expect(again.output().stdout).not.toContain('POST /api/revalidate');
      expect(await (await fetch(`${againUrl}origin/catalog.json`)).text()).toBe(catalog);
      // hero1 is 1.0.0 again, the only version published; 2.0.0 is a click away again.
      expect(await (await fetch(`${againUrl}__playground/versions?variant=hero1`)).json()).toEqual({
        variant: 'hero1',
        package: '@acme/ui-hero1',
        catalogVersion: '1.0.0',
        published: ['1.0.0'],
        releases: ['hero1-2.0.0'],
      });
      const restored = await fetch(`${againUrl}api/runtime-catalog/callout1/data.json`);
      expect(((await restored.json()) as { title: string }).title).toBe('Good to know');
      again.child.kill('SIGINT');
      expect(await again.exit).toBe(0);
    },
    STACK_TIMEOUT_MS,
  );

  it(
    'names the port in use and the variable to change, and exits 1',
    async () => {
      const busy = await occupyPort();
      const port = (busy.address() as { port: number }).port;
      try {
        // Three starts at once: each stops at its own port.
        const cases = [
          ['ARTIFACTS_PORT', 'the artifacts origin'],
          ['PORT', 'the host'],
          ['EDITOR_PORT', 'the editor'],
        ] as const;
        const starts = await Promise.all(cases.map(([variable]) => start({ [variable]: String(port) })));
        for (const [index, [variable, what]] of cases.entries()) {
          expect(await starts[index]!.exit).toBe(1);
          expect(starts[index]!.output().stderr).toContain(
            `error: port ${port} is in use (${what}); set ${variable} to another port, or 0 for any`,
          );
        }
      } finally {
        busy.close();
      }
    },
    STACK_TIMEOUT_MS,
  );

  it(
    'takes its host down with it when it is killed outright, and a second start on its folder changes nothing',
    async () => {
      const playground = await start({});
      const url = await playground.ready;
      const host = /host listening on (http:\/\/\S+)/.exec(playground.output().stdout)![1]!;
      const stateDir = started.at(-1)!.stateDir;
      const data = join(stateDir, 'artifacts', '@acme/ui-callout1@1.0.0', 'data.json');
      const before = await readFile(data, 'utf8');

      const second = await start({ PLAYGROUND_STATE_DIR: stateDir });
      expect(await second.exit).toBe(1);
      expect(second.output().stderr).toContain(`another npm start (pid ${playground.child.pid}) uses ${stateDir}`);
      expect(await readFile(data, 'utf8')).toBe(before);
      expect((await fetch(`${url}origin/@acme/ui-callout1@1.0.0/data.json`)).status).toBe(200);

      const processes = await descendants(playground.child.pid!);
      playground.child.kill('SIGKILL');
      await playground.exit;
      // The host notices that its parent is gone (its IPC channel closed) and stops; esbuild's
      // services see their input close.
      await expect
        .poll(async () => (await Promise.all(processes.map(alive))).some(Boolean), { timeout: GONE_WITHIN_MS })
        .toBe(false);
      expect(await listening(host)).toBe(false);
    },
    STACK_TIMEOUT_MS,
  );

  it(
    'refuses a port that is not a number, and a page store it does not know',
    async () => {
      const playground = await start({ PORT: 'eighty' });
      expect(await playground.exit).toBe(1);
      expect(playground.output().stderr).toBe('error: PORT must be a port number (0-65535), got "eighty"\n');
      const hex = await start({ ESM_PORT: '0x50' });
      expect(await hex.exit).toBe(1);
      expect(hex.output().stderr).toBe('error: ESM_PORT must be a port number (0-65535), got "0x50"\n');
      const store = await start({ PLAYGROUND_PAGE_STORE: 's3' });
      expect(await store.exit).toBe(1);
      expect(store.output().stderr).toBe('error: PLAYGROUND_PAGE_STORE must be indexeddb, strapi or http, got "s3"\n');
    },
    STACK_TIMEOUT_MS,
  );

  // A process manager (or `kill`) signals npm's own pid: npm forwards SIGINT and SIGTERM to its
  // script; on SIGHUP or SIGKILL it just dies, and the script must notice that its parent is gone.
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL'] as const)(
    'npm start: %s to npm stops every process and frees every port',
    async (signal) => {
      const playground = await npmStart({});
      await playground.ready;
      const ports = urls(playground.output().stdout);
      const processes = await descendants(playground.child.pid!);
      expect(processes.length).toBeGreaterThanOrEqual(2); // the script, the host (and esbuild)
      for (const url of ports) expect(await listening(url)).toBe(true);

      playground.child.kill(signal);
      await playground.exit;
      await playground.outputClosed;
      for (const url of ports) expect(await listening(url)).toBe(false);
      await expect
        .poll(async () => (await Promise.all(processes.map(alive))).some(Boolean), { timeout: GONE_WITHIN_MS })
        .toBe(false);
    },
    STACK_TIMEOUT_MS,
  );
});
