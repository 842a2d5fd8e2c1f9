import * as z from 'zod/mini';
import { isExternalSpecifier } from './runtime-registry.js';

/** Ids are used in URL paths and cache tags: short keys or dotted forms, nothing else (docs/host-decisions.md "Catalog ids"). */
const packageIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** npm package names, scoped or not; they are concatenated into URLs unencoded (docs/design.md). */
const packageNamePattern = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
/** semver.org's grammar for a version (no leading `v`, no range). */
const semverPattern =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

const catalogPackageSchema = z.object({
  /** The package's id in the catalog: the `<id>` of the host's routes, cache keys and tags. */
  id: z.string().check(z.regex(packageIdPattern, 'must be letters, digits, ".", "_" or "-" (at most 100)')),
  /** The name the editor's component list shows. */
  label: z.string().check(z.minLength(1, 'must not be empty')),
  /** The npm package name (`@acme/ui-hero1`), concatenated into artifact and module URLs (spec 2.3). */
  package: z
    .string()
    .check(z.maxLength(214, 'is too long'), z.regex(packageNamePattern, 'must be an npm package name')),
  /** The package's exact version (semver, no range). */
  version: z.string().check(z.regex(semverPattern, 'must be a semantic version')),
  /** The category the editor lists the package under. */
  category: z.string().check(z.minLength(1, 'must not be empty')),
  /** The preview image's URL (the lightweight remote catalog only). */
  previewImage: z.optional(z.string()),
});

const catalogSchema = z.object({
  /** The specifiers every remote module reads from the page's runtime registry (spec 2.1). */
  defaultExternals: z.array(
    z
      .string()
      .check(
        z.minLength(1, 'must not be empty'),
        z.refine(isExternalSpecifier, 'must be a package name with an optional subpath'),
      ),
  ),
  /** The component packages, ids unique. */
  packages: z.array(catalogPackageSchema),
});

/**
 * One component package of the catalog (spec 2.2).
 *
 * @interface
 */
export type CatalogPackage = z.infer<typeof catalogPackageSchema>;

/**
 * The catalog (spec 2.1): local (no previewImage) or the lightweight remote one.
 *
 * @interface
 */
export type Catalog = z.infer<typeof catalogSchema>;

/** The outcome of {@link parseCatalog}: the catalog, or one message per bad field. */
export type CatalogParseResult =
  | {
      /** The input is a valid catalog. */
      ok: true;
      /** The catalog, unknown keys dropped. */
      catalog: Catalog;
    }
  | {
      /** The input is not a valid catalog. */
      ok: false;
      /** One message per bad field, naming its path. */
      issues: string[];
    };

/**
 * Validates an already JSON-parsed catalog. Each issue names its field as a path
 * (`packages[2].version: must be a semantic version`); duplicate package ids are an issue too.
 * Unknown keys are dropped.
 */
export function parseCatalog(input: unknown): CatalogParseResult {
  const result = catalogSchema.safeParse(input);
  if (!result.success) {
    return {
      ok: false,
      issues: result.error.issues.map((issue) => `${formatPath(issue.path)}: ${describeIssue(issue, input)}`),
    };
  }
  const seen = new Set<string>();
  const issues: string[] = [];
  result.data.packages.forEach((pkg, index) => {
    if (seen.has(pkg.id)) issues.push(`packages[${index}].id: duplicate id "${pkg.id}"`);
    seen.add(pkg.id);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, catalog: result.data };
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type') {
    return valueAt(input, issue.path) === undefined ? `is required (${issue.expected})` : `expected ${issue.expected}`;
  }
  return issue.message;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}
