#!/usr/bin/env node
// Installs the Strapi test app (testing/strapi/app: Strapi 5 pinned, its own package-lock.json)
// when its node_modules is missing or was installed from another lock or Node ABI, and keeps it
// between runs. Never part of the workspace: the root `npm install` does not pull it. npm test
// (scripts/run-tests.mjs) calls ensureStrapiApp(); run this file to install by hand.
//
// better-sqlite3 compiles from source here (its prebuilt download is out of reach), so g++, make
// and python3 come first (Debian's build-essential and python3 when missing), and node-gyp uses
// the local Node headers (/usr/include/node) when they match the running Node.
//
// `npm install --no-save`, then the installed tree is compared with the lock (scripts/lock-drift.mjs,
// docs/dependencies.md "How the locks are kept"): the install fails only when a package installed
// on this platform differs from the lock (version, integrity, or not locked at all), never because
// the registry now lists optional binaries of other platforms. `--no-save` keeps npm from writing
// those into the committed lock, so installing never dirties the checkout.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installedDriftIn } from '../../scripts/lock-drift.mjs';

const appDir = fileURLToPath(new URL('./app/', import.meta.url));
const lockFile = `${appDir}package-lock.json`;
const stampFile = `${appDir}node_modules/.catalog-installed`;

/** One line of the install's log (npm test's output). */
function say(line) {
  process.stdout.write(`${line}\n`);
}

function sha256(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** What an install is valid for: the lock, and the Node ABI the native module was built for. */
function installStamp() {
  return `${JSON.stringify({ lock: sha256(lockFile), nodeAbi: process.versions.modules, arch: process.arch })}\n`;
}

function missingTools() {
  return ['g++', 'make', 'python3'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
}

/** /usr when Debian's Node headers are those of the running Node (node-gyp then needs no download). */
function localNodeHeaders() {
  const header = '/usr/include/node/node_version.h';
  if (!existsSync(header)) return undefined;
  const text = readFileSync(header, 'utf8');
  const part = (name) => text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  const version = `v${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}`;
  return version === process.version ? '/usr' : undefined;
}

/**
 * Installs the app unless its stamp says it is current. Prints what it did and how long the
 * install took; returns `{ ok, installed, seconds }`.
 */
export function ensureStrapiApp() {
  const stamp = installStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && installedDriftIn(appDir).length === 0) {
    say(`Strapi test app: up to date (${appDir})`);
    return { ok: true, installed: false, seconds: 0 };
  }
  const tools = missingTools();
  if (tools.length > 0) {
    say(`Strapi test app: ${tools.join(', ')} missing, installing build-essential and python3`);
    spawnSync(
      'sh',
      ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y build-essential python3'],
      { stdio: 'inherit' },
    );
  }
  const env = { ...process.env };
  const nodedir = localNodeHeaders();
  if (nodedir && !env.npm_config_nodedir) env.npm_config_nodedir = nodedir;
  say('Strapi test app: npm install (its own lock, outside the workspace)');
  const started = performance.now();
  const result = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--workspaces=false'], {
    cwd: appDir,
    stdio: 'inherit',
    env,
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (result.status !== 0) {
    say(`Strapi test app: npm install failed after ${seconds} s`);
    return { ok: false, installed: false, seconds };
  }
  const drift = installedDriftIn(appDir);
  if (drift.length > 0) {
    say(`Strapi test app: what npm installed differs from package-lock.json (docs/dependencies.md):`);
    for (const line of drift.slice(0, 20)) say(`  ${line}`);
    if (drift.length > 20) say(`  … and ${drift.length - 20} more`);
    return { ok: false, installed: false, seconds };
  }
  writeFileSync(stampFile, stamp);
  say(`Strapi test app: installed in ${seconds} s`);
  return { ok: true, installed: true, seconds };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(ensureStrapiApp().ok ? 0 : 1);
}
