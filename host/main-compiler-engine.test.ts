import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHostProcess } from '../testing/host/host-process.js';
import { installedHostCopy } from '../testing/host/installed-host-copy.js';
import { type EsmOrigin, startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';

// REMOTE_COMPILER_ENGINE on real `catalog-host` processes (docs/host-compiler.md "Compiler engine"):
// host/dist/main.js where the workspace has esbuild installed, and a copy of it installed with the
// host's dependencies only, where the optional peer `esbuild` cannot be found.

const exampleCatalog = fileURLToPath(new URL('../examples/artifacts/catalog.json', import.meta.url));
const esbuildWasmVersion = (
  JSON.parse(readFileSync(new URL(import.meta.resolve('esbuild-wasm/package.json')), 'utf8')) as { version: string }
).version;

let esm: EsmOrigin;
let folder: string;
let copiedMain: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  esm = await startEsmOrigin(sampleEsmModules('/esm'));
  folder = await mkdtemp(join(tmpdir(), 'host-without-esbuild-'));
  copiedMain = await installedHostCopy(folder);
}, 60_000);
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await esm.close();
  await rm(folder, { recursive: true, force: true });
});

const env = () => ({
  PORT: '0',
  CATALOG_SOURCE: exampleCatalog,
  ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
  ESM_ORIGIN: `${esm.url}/esm`,
  REVALIDATION_SECRET: 's',
});
const modulePath = () =>
  remoteComponentPath(
    `${esm.url}/esm/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022&external=react,react/jsx-runtime,@acme/core`,
  );

/** The copy's main.js in its own process (killed after the test when it still runs). */
const startCopiedHost = (variables: Record<string, string>) =>
  startHostProcess(variables, (child) => children.push(child), [], copiedMain);

/** The command lines of the processes `pid` started (Linux). */
function childCommands(pid: number): string[] {
  return childPids(pid).flatMap((child) => {
    try {
      return [readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ')];
    } catch {
      return [];
    }
  });
}

describe('catalog-host, REMOTE_COMPILER_ENGINE', () => {
  it('exits 1 with one line naming an invalid value', async () => {
    const host = startHostProcess({ ...env(), REMOTE_COMPILER_ENGINE: 'fast' }, (child) => children.push(child));
    expect(await host.exited).toBe(1);
    expect(host.output().stderr).toBe('error: REMOTE_COMPILER_ENGINE must be one of wasm, native, got "fast"\n');
    expect(host.output().stdout).toBe('');
  });

  it('native without the esbuild package installed: exits 1 at start-up with one line saying what to install, lazy or eager', async () => {
    for (const mode of ['lazy', 'eager']) {
      const host = startCopiedHost({ ...env(), REMOTE_COMPILER: mode, REMOTE_COMPILER_ENGINE: 'native' });
      expect(await host.exited).toBe(1);
      await host.closed;
      expect(host.output()).toEqual({
        stdout: '',
        stderr: `error: REMOTE_COMPILER_ENGINE is native but the esbuild package is not installed: npm install esbuild@${esbuildWasmVersion} (the version of esbuild-wasm), or set REMOTE_COMPILER_ENGINE to wasm\n`,
      });
    }
  }, 120_000);

  it('native without the esbuild package: createHostApp of the copy throws the HostError naming remoteCompilerEngine; off does not', async () => {
    const index = pathToFileURL(join(dirname(copiedMain), 'index.js')).href;
    const script = [
      `const { createHostApp } = await import(${JSON.stringify(index)});`,
      `const options = ${JSON.stringify({ catalogSource: exampleCatalog, artifactsOrigin: 'http://a', esmOrigin: 'http://e', remoteCompilerEngine: 'native' })};`,
      "createHostApp({ ...options, remoteCompiler: 'off' });",
      'try { createHostApp(options); } catch (error) { console.log(JSON.stringify([error.name, error.code, error.message])); }',
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    expect((await once(child, 'close'))[0]).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      'HostError',
      'invalid-config',
      `remoteCompilerEngine is native but the esbuild package is not installed: npm install esbuild@${esbuildWasmVersion} (the version of esbuild-wasm), or set remoteCompilerEngine to wasm`,
    ]);
  }, 60_000);

  it('without the esbuild package: REMOTE_COMPILER=off with native starts (no engine is loaded), and wasm compiles', async () => {
    const off = startCopiedHost({ ...env(), REMOTE_COMPILER: 'off', REMOTE_COMPILER_ENGINE: 'native' });
    const wasm = startCopiedHost(env());
    const [offUrl, wasmUrl] = await Promise.all([off.listening, wasm.listening]);
    expect((await fetch(`${offUrl}${modulePath()}`)).status).toBe(501);
    const compiled = await fetch(`${wasmUrl}${modulePath()}`);
    expect(compiled.status).toBe(200);
    expect(await compiled.text()).toContain('Symbol.for(');
    for (const host of [off, wasm]) {
      host.process.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      await host.closed;
      expect(host.output().stderr).toBe('');
    }
  }, 120_000);

  it('native where esbuild is installed: eager starts the esbuild binary as its child, compiles the bytes esbuild-wasm does, and stops it at shutdown', async () => {
    const native = startHostProcess({ ...env(), REMOTE_COMPILER: 'eager', REMOTE_COMPILER_ENGINE: 'native' }, (child) =>
      children.push(child),
    );
    const wasm = startHostProcess({ ...env(), REMOTE_COMPILER: 'eager' }, (child) => children.push(child));
    const [nativeUrl, wasmUrl] = await Promise.all([native.listening, wasm.listening]);
    const services = (pid: number) => childCommands(pid).filter((command) => command.includes('--service='));
    await vi.waitFor(() => expect(services(native.process.pid!)).toHaveLength(1), { timeout: 60_000, interval: 50 });
    await vi.waitFor(() => expect(services(wasm.process.pid!)).toHaveLength(1), { timeout: 60_000, interval: 50 });
    // Native esbuild's service is its platform binary; esbuild-wasm's is node running the wasm.
    expect(services(native.process.pid!)[0]).toMatch(/\/@esbuild\/[^/]+\/bin\/esbuild --service=/);
    expect(services(wasm.process.pid!)[0]).toMatch(/\/esbuild-wasm\/bin\/esbuild --service=/);

    const [fromNative, fromWasm] = await Promise.all([nativeUrl, wasmUrl].map((url) => fetch(`${url}${modulePath()}`)));
    expect([fromNative!.status, fromWasm!.status]).toEqual([200, 200]);
    expect(await fromNative!.text()).toBe(await fromWasm!.text());
    expect(fromNative!.headers.get('etag')).toBe(fromWasm!.headers.get('etag'));

    const compilers = [...childPids(native.process.pid!), ...childPids(wasm.process.pid!)];
    for (const host of [native, wasm]) {
      host.process.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      expect(host.output().stderr).toBe('');
    }
    await vi.waitFor(() => expect(compilers.filter(running)).toEqual([]), { timeout: 30_000, interval: 50 });
  }, 120_000);
});

/** The processes `pid` started (Linux: each engine's service runs as one). */
function childPids(pid: number): string[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
}

/** Whether process `pid` runs (exists and is not a zombie waiting for a parent to reap it). */
function running(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}
