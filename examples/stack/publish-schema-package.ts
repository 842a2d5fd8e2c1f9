import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Diagnostic, formatDiagnostic, runCli } from '@runtime-component-catalog/authoring';
import { PlaygroundStartError } from './playground-start-error.js';

/** The example schema package: its variant packages are the playground's catalog. */
export const schemaPackageDir = fileURLToPath(new URL('../schema-package/', import.meta.url));

/** Where `catalog-schema publish` puts the variants (docs/authoring-publish.md "Settings"), and the host it revalidates. */
export interface PublishStores {
  /** `CATALOG_ARTIFACTS_STORE`: the folder the artifacts origin serves. */
  readonly artifactsDir: string;
  /** `ARTIFACTS_ORIGIN` */
  readonly artifactsOrigin: string;
  /** `CATALOG_ESM_STORE`: the folder the ESM origin serves under its prefix. */
  readonly esmDir: string;
  /** `ESM_ORIGIN` */
  readonly esmOrigin: string;
  /** `HOST_APP_URL` */
  readonly hostUrl: string;
  /** `HOST_REVALIDATION_SECRET` */
  readonly secret: string;
}

/**
 * The whole environment of a `catalog-schema publish` or `rollback` into `stores`: exactly the
 * settings docs/authoring-publish.md lists, nothing of this process's environment.
 */
export function publishEnv(stores: PublishStores): Record<string, string> {
  return {
    HOST_APP_URL: stores.hostUrl,
    HOST_REVALIDATION_SECRET: stores.secret,
    CATALOG_ARTIFACTS_STORE: stores.artifactsDir,
    ARTIFACTS_ORIGIN: stores.artifactsOrigin,
    CATALOG_ESM_STORE: stores.esmDir,
    ESM_ORIGIN: stores.esmOrigin,
  };
}

/** One variant as publish reported it. */
export interface PublishedVariant {
  readonly variant: string;
  readonly package: string;
  readonly version: string;
}

/** publish's `--format json` report: what the playground reads of it. */
interface PublishReport {
  readonly ok: boolean;
  readonly summary?: string;
  readonly error?: { readonly code: string; readonly message: string };
  readonly diagnostics?: readonly Diagnostic[];
  readonly variants?: readonly PublishedVariant[];
}

/**
 * The variants of the schema package at `root`: its `packages/ui-<variant>/` folders, by name
 * (publish lists them in the store's catalog in that order).
 */
export async function schemaPackageVariants(root = schemaPackageDir): Promise<string[]> {
  const entries = await readdir(join(root, 'packages'), { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('ui-'))
    .map((entry) => entry.name.slice('ui-'.length))
    .sort();
}

/**
 * Publishes `variants` of the schema package at `root` into the folder stores with the real
 * `catalog-schema publish` (`runCli` of @runtime-component-catalog/authoring, in this process):
 * validate the package, then per variant the module on the ESM store, the five artifacts and the
 * catalog entry on the artifacts store, each read back through its origin, then revalidate the
 * host. Its settings are exactly `stores` (nothing of this process's environment). A failure is
 * `invalid-example`, with publish's error or diagnostics.
 */
export async function publishSchemaPackage(
  stores: PublishStores,
  variants: readonly string[],
  root = schemaPackageDir,
): Promise<PublishedVariant[]> {
  let stdout = '';
  let stderr = '';
  const io = {
    cwd: root,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const code = await runCli(['publish', '--format', 'json', '--', ...variants], io, { env: publishEnv(stores) });
  let report: PublishReport | undefined;
  try {
    report = JSON.parse(stdout) as PublishReport;
  } catch {
    report = undefined;
  }
  if (code === 0 && report?.ok === true && report.variants !== undefined) return [...report.variants];
  const why =
    report?.error?.message ??
    [...(report?.diagnostics ?? []).map(formatDiagnostic), report?.summary].filter(Boolean).join('; ');
  throw new PlaygroundStartError(
    'invalid-example',
    `catalog-schema publish of ${root} failed (exit code ${code}): ${why || `${stdout}${stderr}`.trim()}`,
  );
}
