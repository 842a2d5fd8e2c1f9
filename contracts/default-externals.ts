/**
 * The 13 default externals of spec 2.1, as the example catalog names them: the UI library, its
 * DOM package and its JSX runtimes; the host framework with its image, link and navigation
 * sub-modules; the shared common package with its root, client and server entries; the core
 * package; an icon library. A variant build leaves them external unless its config names others.
 */
export const DEFAULT_EXTERNALS: readonly string[] = [
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
