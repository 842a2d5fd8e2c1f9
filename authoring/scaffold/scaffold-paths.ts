import { posix } from 'node:path';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { sourceLayout } from '../source/source-layout.js';

/** Where editor schemas are authored (validate-editor-schemas). */
export const editorSchemaDir = 'src/editor-schemas';

/** Where a variant's files go, relative to the schema package root. */
export interface ScaffoldPaths {
  readonly source: string;
  readonly editorSchema: string;
  readonly packageDir: string;
}

/** The component source, editor schema and package folder of `variant` of `category`. */
export function scaffoldPaths(config: AuthoringConfig, category: string, variant: string): ScaffoldPaths {
  return {
    source: posix.join(sourceLayout.componentsDir, category, `${variant}.json`),
    editorSchema: posix.join(editorSchemaDir, category, `${variant}.json`),
    packageDir: posix.join(config.packages, `ui-${variant}`),
  };
}
