import { execFile } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { copyExampleSchemaPackage } from '../../e2e/support/catalog-schema-cli.js';

const run = promisify(execFile);

/** The CLI's bin in this repository (over authoring/dist: `npm run build -w @runtime-component-catalog/authoring`). */
const cliBin = fileURLToPath(new URL('../../authoring/bin/catalog-schema.js', import.meta.url));

/** git without the machine's or the user's configuration (no signing, no hooks, no default branch of theirs). */
export const isolatedGitEnv = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } as const;

/** Runs git in `cwd`, as a developer whose name and address are set; its stdout. */
export async function git(cwd: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run(
    'git',
    ['-c', 'user.name=Developer', '-c', 'user.email=developer@example.test', ...args],
    { cwd, env: { ...process.env, ...isolatedGitEnv } },
  );
  return stdout;
}

/** The steps of a job that only make sense on GitHub, which `checkout()` stands in for. */
export const GITHUB_ONLY_STEPS: readonly string[] = ['Check out', 'Set up Node', 'Install'];

/**
 * A schema package's repository for running its workflows outside GitHub: a bare repository (the
 * one on GitHub) whose main is a copy of examples/schema-package, and checkouts of it.
 */
export interface SchemaPackageRepository {
  /** The bare repository: the `origin` of every checkout. */
  readonly origin: string;
  /**
   * A fresh clone of main with the CLI where `npm ci` links it (`node_modules/.bin/catalog-schema`,
   * here this repository's bin): what a job's GITHUB_ONLY_STEPS leave.
   */
  checkout(): Promise<string>;
  /** The subjects of main's commits on origin, newest first. */
  log(): Promise<string[]>;
  /** The text of `path` on origin's main. */
  show(path: string): Promise<string>;
  /** Removes the repository and every checkout. */
  remove(): Promise<void>;
}

/** Creates the repository: the example package (its outputs and node_modules ignored) as main's first commit. */
export async function createSchemaPackageRepository(): Promise<SchemaPackageRepository> {
  const dir = await mkdtemp(join(tmpdir(), 'ci-workflows-'));
  const origin = join(dir, 'origin.git');
  const seed = await copyExampleSchemaPackage().catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  try {
    // The repository a package from the template has ignores its installs as well.
    await appendFile(join(seed, '.gitignore'), 'node_modules/\n');
    await git(seed, ['init', '--quiet', '--initial-branch=main']);
    await git(seed, ['add', '--all']);
    await git(seed, ['commit', '--quiet', '-m', 'The schema package']);
    await git(dir, ['clone', '--quiet', '--bare', seed, origin]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(seed, { recursive: true, force: true });
  }
  let checkouts = 0;
  return {
    origin,
    async checkout() {
      checkouts += 1;
      const root = join(dir, `checkout-${checkouts}`);
      await git(dir, ['clone', '--quiet', origin, root]);
      await mkdir(join(root, 'node_modules/.bin'), { recursive: true });
      await symlink(cliBin, join(root, 'node_modules/.bin/catalog-schema'));
      return root;
    },
    log: async () => (await git(origin, ['log', '--format=%s', 'main'])).trimEnd().split('\n'),
    show: (path) => git(origin, ['show', `main:${path}`]),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
