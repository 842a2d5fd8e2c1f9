import type { EsmResource } from './esm-origin.js';

/** The package of the sample remote component. */
export const SAMPLE_COMPONENT = { package: '@acme/ui-counter1', version: '1.0.0' } as const;

/**
 * A stateful React component as esm.sh serves a build: the entry is a re-export stub pointing at
 * root-relative build files; the build imports `react`, `react/jsx-runtime` and a second external
 * (`@acme/core`), a relative chunk, a re-exported chunk and a dynamically imported one. `prefix`
 * is the path prefix of the ESM origin (`/esm`).
 */
export function sampleEsmModules(prefix: string): Record<string, EsmResource> {
  const root = `${prefix}/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}`;
  const build = `${root}/es2022/ui-counter1.mjs`;
  return {
    [root]: [
      `/* esm.sh - ${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version} */`,
      `export * from "${build}";`,
      `export { default } from "${build}";`,
      '',
    ].join('\n'),
    [build]: [
      'import { jsxs } from "react/jsx-runtime";',
      'import { useState } from "react";',
      'import * as core from "@acme/core";',
      'import { label } from "./chunk-label.mjs";',
      'export * from "./chunk-extra.mjs";',
      'export default function Counter(props) {',
      '  const [count, setCount] = useState(props.start ?? 0);',
      '  return jsxs("button", { onClick: () => setCount(count + 1), children: [label(props.label), ": ", count, core.suffix] });',
      '}',
      'export const lazyPart = () => import("./chunk-lazy.mjs");',
      '',
    ].join('\n'),
    [`${root}/es2022/chunk-label.mjs`]: 'export function label(text) { return String(text).toUpperCase(); }\n',
    [`${root}/es2022/chunk-extra.mjs`]: 'export const extra = 42;\n',
    [`${root}/es2022/chunk-lazy.mjs`]: 'export default "lazy";\n',
    // esm.sh answers a semver range with a redirect to the exact version.
    [`${prefix}/${SAMPLE_COMPONENT.package}@^1`]: { redirect: `${root}?target=es2022` },
  };
}
