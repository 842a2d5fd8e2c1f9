import * as lucide from 'lucide-react';
import * as nextImage from 'next/image';
import { useLinkStatus } from 'next/link';
import * as nextNavigation from 'next/navigation';
import nextPackage from 'next/package.json';
import * as React from 'react';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as acmeCommon from './acme-common';
import * as acmeCore from './acme-core';
import EditorLink from './editor-link';

/**
 * The page's module for each of the catalog's default externals: the React, next/link,
 * next/image and next/navigation this app renders with (the remote components share its router
 * and its one React; Link with prefetch off by default, ./editor-link.tsx), and the icon library. `next` itself is Next.js's server API, which no
 * browser can run: components get its version. The example's own `@acme/*` packages are
 * stand-ins (./acme-*.ts); yours are your real packages.
 */
export const runtimeModules: Readonly<Record<string, object>> = {
  react: React,
  'react-dom': ReactDom,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxDevRuntime,
  next: { version: nextPackage.version },
  'next/image': nextImage,
  'next/link': { default: EditorLink, useLinkStatus },
  'next/navigation': nextNavigation,
  '@acme/common': { cx: acmeCommon.cx },
  '@acme/common/client': acmeCommon.client,
  '@acme/common/server': acmeCommon.server,
  '@acme/core': acmeCore,
  'lucide-react': lucide,
};
