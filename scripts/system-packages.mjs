// The Debian packages `npm test` needs, installed before its first step: a fresh machine has none of
// them, and a step that finds one missing half-way (the packaging suite launching Chromium, the
// Redis store's tests starting redis-server) would fail for the machine, not for the code.
import { spawnSync } from 'node:child_process';

/**
 * What each package gives the tests, and the command whose absence means it must be installed.
 * @type {readonly { package: string, command: string, usedBy: string }[]}
 */
export const systemPackages = [
  { package: 'chromium', command: 'chromium', usedBy: 'the packaging suite and the browser tests' },
  { package: 'redis-server', command: 'redis-server', usedBy: 'the Redis cache tests' },
  { package: 'redis-sentinel', command: 'redis-sentinel', usedBy: 'the Redis Sentinel failover test' },
  { package: 'openssl', command: 'openssl', usedBy: 'the Redis TLS test (its CA and certificates)' },
  { package: 'nginx', command: 'nginx', usedBy: "the ESM store's nginx test" },
  { package: 'build-essential', command: 'g++', usedBy: "the Strapi test app's better-sqlite3 build" },
  { package: 'build-essential', command: 'make', usedBy: "the Strapi test app's better-sqlite3 build" },
  { package: 'python3', command: 'python3', usedBy: "the Strapi test app's better-sqlite3 build (node-gyp)" },
];

/** @param {string} command */
function onPath(command) {
  return (
    spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0 ||
    spawnSync('sh', ['-c', `test -x /usr/sbin/${command}`], { stdio: 'ignore' }).status === 0
  );
}

/** The packages whose command is missing here, each once. */
export function missingSystemPackages() {
  return [...new Set(systemPackages.filter((entry) => !onPath(entry.command)).map((entry) => entry.package))];
}

/**
 * Installs the missing packages with one `apt-get update` and one `apt-get install`. Returns the
 * packages still missing afterwards (empty when everything is there).
 * @param {(line: string) => void} say
 */
export function ensureSystemPackages(say) {
  const missing = missingSystemPackages();
  if (missing.length === 0) {
    say('system packages: all present');
    return [];
  }
  say(`system packages: installing ${missing.join(', ')}`);
  const started = performance.now();
  spawnSync('sh', ['-c', `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`], {
    stdio: 'inherit',
  });
  const still = missingSystemPackages();
  say(
    still.length === 0
      ? `system packages: installed in ${Math.round((performance.now() - started) / 1000)} s`
      : `system packages: still missing ${still.join(', ')} (run npm test as root on Debian, or install them)`,
  );
  return still;
}
