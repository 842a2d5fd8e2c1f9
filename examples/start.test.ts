import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { anyPortEnvironment } from './playground-stack.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const started: { child: ChildProcess; stateDir: string }[] = [];

/** `npm start` as a user runs it (the start script itself), every port free unless given. */
async function start(env: Record<string, string>) {
  const stateDir = await mkdtemp(join(tmpdir(), 'start-test-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/start.ts'], {
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
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const line = /editor ready at (\S+)/.exec(stdout);
      if (line) resolve(line[1]!);
    });
    void exit.then((code) => reject(new Error(`exited ${code}`)));
  });
  ready.catch(() => {}); // the tests that expect an early exit never wait for ready
  return { child, exit, ready, output: () => ({ stdout, stderr }) };
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
  it('prints the editor URL once every process is up, and Ctrl-C stops every process', async () => {
    const playground = await start({});
    const url = await playground.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const { stdout } = playground.output();
    const host = /host listening on (http:\/\/\S+)/.exec(stdout)![1]!;
    const artifacts = /artifacts origin at (http:\/\/\S+)/.exec(stdout)![1]!;
    expect(stdout).toContain('development revalidation secret: dev-revalidation-secret');
    expect(stdout.indexOf('host listening on')).toBeLessThan(stdout.indexOf('editor ready at'));
    expect((await fetch(`${url}origin/catalog.json`)).status).toBe(200);
    expect((await fetch(`${url}api/runtime-catalog/hero1`)).status).toBe(200);

    // npm run example:republish against the running playground.
    const republish = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'examples/republish.ts', ...args], {
        cwd: root,
        env: { ...process.env, PLAYGROUND_URL: url },
        encoding: 'utf8',
      });
    const done = republish('callout1');
    expect([done.status, done.stdout, done.stderr]).toEqual([
      0,
      'republished callout1 data.json; the host invalidated runtime-artifact:callout1:data.json\n',
      '',
    ]);
    const entry = (await (await fetch(`${url}api/runtime-catalog/callout1/data.json`)).json()) as { title: string };
    expect(entry.title).toBe('Good to know (republished 1)');
    expect(republish('nope').stderr).toBe('error: Unknown package: nope\n');
    expect(republish().status).toBe(2);

    playground.child.kill('SIGINT');
    expect(await playground.exit).toBe(0);
    for (const stopped of [url, host, artifacts]) {
      await expect(fetch(stopped)).rejects.toThrow('fetch failed');
    }
  });

  it('names the port in use and the variable to change, and exits 1', async () => {
    const busy = await occupyPort();
    const port = (busy.address() as { port: number }).port;
    try {
      const playground = await start({ ARTIFACTS_PORT: String(port) });
      expect(await playground.exit).toBe(1);
      expect(playground.output().stderr).toContain(
        `error: port ${port} is in use (the artifacts origin); set ARTIFACTS_PORT to another port, or 0 for any`,
      );
      const host = await start({ PORT: String(port) });
      expect(await host.exit).toBe(1);
      expect(host.output().stderr).toContain(
        `error: port ${port} is in use (the host); set PORT to another port, or 0 for any`,
      );
      const editor = await start({ EDITOR_PORT: String(port) });
      expect(await editor.exit).toBe(1);
      expect(editor.output().stderr).toContain(
        `error: port ${port} is in use (the editor); set EDITOR_PORT to another port, or 0 for any`,
      );
    } finally {
      busy.close();
    }
  });

  it('takes its host down with it when it is killed outright, and a second start on its folder changes nothing', async () => {
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

    playground.child.kill('SIGKILL');
    await playground.exit;
    // The host notices that its parent is gone (its IPC channel closed) and stops.
    await expect
      .poll(
        () =>
          fetch(host).then(
            () => 'up',
            () => 'down',
          ),
        { timeout: 10_000 },
      )
      .toBe('down');
  });

  it('refuses a port that is not a number', async () => {
    const playground = await start({ PORT: 'eighty' });
    expect(await playground.exit).toBe(1);
    expect(playground.output().stderr).toBe('error: PORT must be a port number (0-65535), got "eighty"\n');
    const hex = await start({ ESM_PORT: '0x50' });
    expect(await hex.exit).toBe(1);
    expect(hex.output().stderr).toBe('error: ESM_PORT must be a port number (0-65535), got "0x50"\n');
  });
});
