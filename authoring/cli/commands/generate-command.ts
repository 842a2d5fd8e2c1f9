import { AuthoringError } from '../../authoring-error.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compileAndEmit } from '../../pipeline/compile-and-emit.js';
import { cacheOutput, cmsOutputs, registriesOutput, typesOutput } from '../../pipeline/outputs.js';
import type { StoredFieldProbe } from '../../pipeline/stored-fields.js';

/**
 * Without a Strapi to ask, nothing can say that no stored instance holds a deprecated field, so a
 * contract is refused: dropping a column that pages hold loses their values.
 */
export const noStoredPageCheck: StoredFieldProbe = (componentId, field) =>
  Promise.reject(
    new AuthoringError(
      'contract-blocked',
      `cannot tell whether stored instances hold ${componentId}.${field}: no migrate-pages --check is available; nothing written`,
    ),
  );

/**
 * The contract's question asked of the pages stored in Strapi (`STRAPI_URL`, `STRAPI_TOKEN` in
 * `env`), as `migrate-pages --check` asks it: a field is held while any instance of its component
 * is of an older major than its variant package (it still reads the field) or holds a value in it.
 */
export function strapiStoredFieldProbe(
  context: CommandContext,
  env: Readonly<Record<string, string | undefined>>,
): StoredFieldProbe {
  return async (componentId, field, schema) => {
    const { storedInstancesNeedingMigration } = await import('../../pages/stored-instances.js');
    const found = await storedInstancesNeedingMigration({
      root: context.root,
      config: context.config,
      schema,
      env,
      attributes: new Map([[componentId, [field]]]),
    });
    return found.some((instance) => instance.component === componentId);
  };
}

/**
 * `generate`: validate, then every output at once (cache, CMS, types, both registries), atomically.
 * `contract` removes deprecated attributes once `probe` finds no stored instance holding them.
 */
export function generateCommand(
  context: CommandContext,
  options: { check: boolean; contract?: boolean },
  probe: StoredFieldProbe = noStoredPageCheck,
): Promise<CommandResult> {
  return compileAndEmit(
    context,
    'generate',
    options.check,
    (schema, config) => [
      cacheOutput(schema, config),
      ...cmsOutputs(schema, config),
      typesOutput(schema, config),
      registriesOutput(schema, config, { strapi: true, global: true }),
    ],
    { contract: options.contract === true, probe },
  );
}
