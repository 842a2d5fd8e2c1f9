import type { ComponentModule } from '../component-loader.js';
import { requireBrowser } from './require-browser.js';

/**
 * The page's own `import()` of a compiled module. Bundlers must leave it to the browser: webpack
 * and Turbopack otherwise compile it into a stub that rejects every URL (webpackIgnore; Vite:
 * @vite-ignore; docs/recipes.md). A server cannot import the host's modules by URL.
 */
export function importInBrowser(url: string): Promise<ComponentModule> {
  requireBrowser('Loading a component', typeof window !== 'undefined', 'window');
  return import(/* @vite-ignore */ /* webpackIgnore: true */ url);
}
