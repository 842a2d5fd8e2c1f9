import { AuthoringError } from '../authoring-error.js';
import { listVariants } from '../model/variant-package.js';

/** Refuses variants that have no package under `packages` (`variant-unknown`, exit 2), as build does. */
export async function requireVariants(root: string, packages: string, variants: readonly string[]): Promise<void> {
  const known = await listVariants(root, packages);
  const unknown = variants.filter((variant) => !known.includes(variant));
  if (unknown.length > 0) {
    throw new AuthoringError(
      'variant-unknown',
      `no variant package ${unknown.map((variant) => `"${variant}"`).join(', ')} in ${packages}/ (known: ${known.length > 0 ? known.join(', ') : 'none'})`,
    );
  }
}
