import { RUNTIME_REGISTRY_KEY, type RuntimeRegistry } from '@runtime-component-catalog/contracts';

/** The page's registry object (docs/design.md), created on first use. */
export function runtimeRegistry(): RuntimeRegistry {
  const holder = globalThis as unknown as Record<symbol, RuntimeRegistry | undefined>;
  const key = Symbol.for(RUNTIME_REGISTRY_KEY);
  holder[key] ??= {};
  return holder[key];
}

/**
 * Registers the page's module objects, one per external specifier. The first registration of a
 * specifier wins: a component already evaluated keeps the instance it got (one React).
 */
export function registerRuntimeModules(modules: Readonly<Record<string, object>>): void {
  const registry = runtimeRegistry();
  for (const [specifier, module] of Object.entries(modules)) {
    registry[specifier] ??= module as Record<string, unknown>;
  }
}

/** The specifiers of `needed` that the page has not registered. */
export function missingRuntimeModules(needed: readonly string[]): string[] {
  const registry = runtimeRegistry();
  return needed.filter((specifier) => registry[specifier] === undefined);
}
