import type { ArtifactName, CatalogPackage } from '@runtime-component-catalog/contracts';
import { RepublishError } from './republish-error.js';
import { checkAgainstSchema } from './schema-check.js';

/**
 * What a publisher may upload for `artifact` of `pkg`: a JSON object; a descriptor.json naming
 * this very package and version (its path says so); a data.json valid against the package's
 * current schema.json (the defaults every new instance will get; checked off the event loop,
 * {@link checkAgainstSchema}). Rejects with `invalid-content` or `validation-timeout`.
 */
export async function checkArtifactContent(
  pkg: CatalogPackage,
  artifact: ArtifactName,
  content: unknown,
  schema: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    throw new RepublishError('invalid-content', `${artifact} must be a JSON object`);
  }
  const value = content as Record<string, unknown>;
  if (artifact === 'descriptor.json' && (value.name !== pkg.package || value.version !== pkg.version)) {
    throw new RepublishError(
      'invalid-content',
      `descriptor.json must name ${pkg.package} ${pkg.version} (got ${String(value.name)} ${String(value.version)})`,
    );
  }
  if (artifact === 'data.json' && schema !== undefined) {
    const problems = await checkAgainstSchema(schema, value);
    if (problems.length > 0) {
      throw new RepublishError('invalid-content', `data.json does not match schema.json: ${problems.join('; ')}`);
    }
  }
  return value;
}
