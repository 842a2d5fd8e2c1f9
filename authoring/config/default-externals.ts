import { DEFAULT_EXTERNALS } from '@runtime-component-catalog/contracts';

/**
 * The imports a variant build leaves external when the config names none: spec 2.1's default
 * externals (contracts), the modules the page provides; `externals` in
 * catalog-schema.config.json replaces them.
 */
export const defaultExternals: readonly string[] = DEFAULT_EXTERNALS;
