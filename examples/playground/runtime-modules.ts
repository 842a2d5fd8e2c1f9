import * as lucide from 'lucide-react';
import * as React from 'react';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as acmeCommon from './runtime/acme-common.js';
import * as acmeCommonClient from './runtime/acme-common-client.js';
import * as acmeCommonServer from './runtime/acme-common-server.js';
import * as acmeCore from './runtime/acme-core.js';
import * as next from './runtime/next.js';
import * as nextImage from './runtime/next-image.js';
import * as nextLink from './runtime/next-link.js';
import * as nextNavigation from './runtime/next-navigation.js';

/**
 * The page's module for each of the catalog's 13 default externals (spec 2.1): React, its DOM
 * package and JSX runtimes and the icon library are the real packages; the host framework
 * (`next`, `next/image`, `next/link`, `next/navigation`) and the shared `@acme/*` packages are
 * small stand-ins in ./runtime/ (what each does is written at its top).
 */
export const runtimeModules: Readonly<Record<string, object>> = {
  react: React,
  'react-dom': ReactDom,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxDevRuntime,
  next,
  'next/image': nextImage,
  'next/link': nextLink,
  'next/navigation': nextNavigation,
  '@acme/common': acmeCommon,
  '@acme/common/client': acmeCommonClient,
  '@acme/common/server': acmeCommonServer,
  '@acme/core': acmeCore,
  'lucide-react': lucide,
};
