import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { installedDrift, installedDriftIn, missingOptionalEntries, readLock } from './lock-drift.mjs';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
/** Every lock the project commits. */
const committedLocks = ['package-lock.json', 'testing/strapi/app/package-lock.json'];

const hono = { version: '4.13.19', integrity: 'sha512-hono', resolved: 'https://r/hono.tgz' };
const linuxBinary = { version: '2.6.8', integrity: 'sha512-linux', optional: true };
const darwinBinary = { version: '2.6.8', integrity: 'sha512-darwin', optional: true };
const lock = {
  packages: {
    '': { name: 'app' },
    'node_modules/hono': hono,
    'node_modules/@biomejs/biome': {
      version: '2.6.8',
      integrity: 'sha512-biome',
      optionalDependencies: { '@biomejs/cli-linux-x64': '2.6.8', '@biomejs/cli-darwin-x64': '2.6.8' },
    },
    'node_modules/@biomejs/cli-linux-x64': linuxBinary,
    'node_modules/@biomejs/cli-darwin-x64': darwinBinary,
    sdk: { version: '0.1.0' },
    'node_modules/@acme/sdk': { resolved: 'sdk', link: true },
  },
};
/** What npm installs from `lock` on Linux: everything but the other platform's binary. */
const installedOnLinux = () => ({
  packages: Object.fromEntries(
    Object.entries(lock.packages).filter(([path]) => path !== '' && path !== 'node_modules/@biomejs/cli-darwin-x64'),
  ),
});

describe('installedDrift', () => {
  it('is empty when every installed package is locked as installed, other platforms left out', () => {
    expect(installedDrift(lock, installedOnLinux())).toEqual([]);
  });

  it('names a package installed at another version, with another integrity, or not locked at all', () => {
    const installed = installedOnLinux();
    installed.packages['node_modules/hono'] = { ...hono, version: '4.13.20' };
    installed.packages['node_modules/@biomejs/cli-linux-x64'] = { ...linuxBinary, integrity: 'sha512-other' };
    installed.packages['node_modules/left-pad'] = { version: '1.3.0', integrity: 'sha512-pad' } as never;
    expect(installedDrift(lock, installed)).toEqual([
      'node_modules/@biomejs/cli-linux-x64: integrity sha512-other installed, sha512-linux locked',
      'node_modules/hono: 4.13.20 installed, 4.13.19 locked',
      'node_modules/left-pad: 1.3.0 installed, not in the lock',
    ]);
  });

  it('names a locked package that is not optional and was not installed, and a link that points elsewhere', () => {
    const installed = installedOnLinux();
    delete (installed.packages as Record<string, unknown>)['node_modules/hono'];
    installed.packages['node_modules/@acme/sdk'] = { resolved: 'other', link: true };
    expect(installedDrift(lock, installed)).toEqual([
      'node_modules/@acme/sdk: link other installed, link sdk locked',
      'node_modules/hono: 4.13.19 locked, not installed',
    ]);
  });
});

describe('missingOptionalEntries', () => {
  it('is empty for a lock that names every optional dependency, and resolves them as Node does', () => {
    expect(missingOptionalEntries(lock)).toEqual([]);
    const nested = {
      packages: {
        'node_modules/a': { version: '1.0.0', optionalDependencies: { b: '1' } },
        'node_modules/x/node_modules/a': { version: '1.0.0', optionalDependencies: { b: '1', c: '1' } },
        'node_modules/x/node_modules/c': { version: '1.0.0' },
        'node_modules/b': { version: '1.0.0' },
      },
    };
    expect(missingOptionalEntries(nested)).toEqual([]);
  });

  it('names each optional dependency that the lock leaves out', () => {
    const gap = structuredClone(lock);
    delete (gap.packages as Record<string, unknown>)['node_modules/@biomejs/cli-darwin-x64'];
    expect(missingOptionalEntries(gap)).toEqual(['node_modules/@biomejs/biome → @biomejs/cli-darwin-x64']);
  });
});

describe('the committed locks', () => {
  // A lock that leaves out an optional package the registry has is rewritten by a fresh clone's
  // `npm install`. Only gaps the registry cannot fill (it lacks the package) are allowed.
  it.each(committedLocks)('%s names every optional dependency that the registry has', async (path) => {
    const locked = readLock(`${repoRoot}${path}`);
    const fillable: string[] = [];
    for (const gap of missingOptionalEntries(locked)) {
      const [from, name] = gap.split(' → ') as [string, string];
      const range = locked.packages[from === '(root)' ? '' : from]?.optionalDependencies?.[name] ?? '*';
      const { stdout } = await run('npm', ['view', `${name}@${range}`, 'version', '--json'], { cwd: repoRoot }).catch(
        () => ({ stdout: '' }),
      );
      if (stdout.trim() !== '') fillable.push(`${gap}@${range}`);
    }
    expect(fillable).toEqual([]);
  });

  it('package-lock.json is what npm installed in this checkout', () => {
    expect(installedDriftIn(repoRoot)).toEqual([]);
  });
});
