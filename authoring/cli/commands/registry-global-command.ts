import { posix } from 'node:path';
import { AuthoringError } from '../../authoring-error.js';
import { formatDiagnostic } from '../../diagnostics/diagnostic.js';
import { globalRegistry, globalRegistryEntry, registryKey } from '../../generate/registries/global-registry.js';
import type { CompiledComponent, CompiledSchema } from '../../model/compiled-schema.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compilePackage } from '../../pipeline/compile-package.js';
import { emitOutputs } from '../../pipeline/emit-outputs.js';
import { registriesOutput, registryFiles } from '../../pipeline/outputs.js';
import { readPackageText } from '../../source/read-package-file.js';

/** The component a `--component` value names: its id (`hero.hero1`), key (`hero:hero1`) or unique variant name (`hero1`). */
function findVariant(schema: CompiledSchema, variant: string): CompiledComponent {
  const byIdOrKey = schema.components.find(
    (component) => component.id === variant || registryKey(component) === variant,
  );
  if (byIdOrKey) return byIdOrKey;
  const byName = schema.components.filter((component) => component.name === variant);
  const [only, ...others] = byName;
  if (only !== undefined && others.length === 0) return only;
  if (byName.length > 1) {
    throw new AuthoringError(
      'variant-unknown',
      `"${variant}" names ${byName.map((component) => component.id).join(' and ')}: use the full id`,
    );
  }
  throw new AuthoringError(
    'variant-unknown',
    `no component "${variant}" (give its id, e.g. hero.hero1, or its variant name)`,
  );
}

async function readRegistry(context: CommandContext): Promise<Record<string, unknown>> {
  const path = posix.join(context.config.registries, registryFiles.global);
  // Fatal UTF-8: the entries kept are written back, and must not come back with U+FFFD in them.
  const read = await readPackageText(context.root, path, { outside: 'allow' });
  if (read === undefined) return {};
  if (!read.ok) {
    throw new AuthoringError(
      'output-failed',
      `${formatDiagnostic(read.error)}: run registry:global without --component`,
    );
  }
  try {
    const registry = JSON.parse(read.value) as { components?: Record<string, unknown> };
    return registry.components ?? {};
  } catch (error) {
    // Rewriting one entry of a registry we cannot read would drop the others.
    throw new AuthoringError('output-failed', `${path} is not valid JSON: run registry:global without --component`, {
      cause: error,
    });
  }
}

/**
 * `registry:global [--component <variant>]`: validate, then the global registry
 * (`<registries>/global.json`); with `--component`, only that variant's entry is written again and
 * the other entries are kept as they are.
 */
export async function registryGlobalCommand(
  context: CommandContext,
  options: { check: boolean; component: string | undefined },
): Promise<CommandResult> {
  const compiled = await compilePackage(context);
  if (!compiled.ok) return compiled.error;
  const schema = compiled.value;
  let registry = globalRegistry(schema);
  if (options.component !== undefined) {
    const component = findVariant(schema, options.component);
    const entries: Record<string, unknown> = { ...(await readRegistry(context)) };
    entries[registryKey(component)] = globalRegistryEntry(component, schema);
    const components = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    registry = { version: schema.version, components };
  }
  return emitOutputs(
    context,
    [registriesOutput(schema, context.config, { global: registry })],
    options.check,
    'registry:global',
  );
}
