/**
 * The imports a variant build leaves external when the config names none: a copy of
 * `defaultExternals` in the example catalog (examples/artifacts/catalog.json), the modules the
 * page provides (React, Next.js, the design system, icons). authoring/ imports nothing of
 * examples/, so the list is copied; `externals` in catalog-schema.config.json replaces it.
 */
export const defaultExternals: readonly string[] = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'next',
  'next/image',
  'next/link',
  'next/navigation',
  '@acme/common',
  '@acme/common/client',
  '@acme/common/server',
  '@acme/core',
  'lucide-react',
];
