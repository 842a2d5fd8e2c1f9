import type { NextConfig } from 'next';

// Read when `next build` runs: Next.js writes the rewrites into the build (routes-manifest.json).
// The defaults are where the repository's `npm start` runs them.
/** The catalog host (`catalog-host`): its read routes are served on the editor's own origin. */
const hostUrl = process.env.CATALOG_HOST_URL ?? 'http://127.0.0.1:8787';
/** Where the lightweight catalog (catalog.json) is published: the artifacts origin or its CDN. */
const catalogOrigin = process.env.CATALOG_ORIGIN_URL ?? 'http://127.0.0.1:8788';
/** The Strapi that holds the pages, when the editor uses it: its media files are served here too. */
const strapiUrl = process.env.STRAPI_URL;

const config: NextConfig = {
  // The editor shows whatever media URL a page holds (the catalog's, Strapi's /uploads, a pasted
  // one), offline too: next/image renders it as it is, not through the optimizer (README).
  images: { unoptimized: true },
  async rewrites() {
    return [
      // The host's two read routes only: its revalidation route stays off the editor's origin.
      { source: '/api/runtime-catalog', destination: `${hostUrl}/api/runtime-catalog` },
      { source: '/api/runtime-catalog/:path*', destination: `${hostUrl}/api/runtime-catalog/:path*` },
      { source: '/api/remote-component', destination: `${hostUrl}/api/remote-component` },
      { source: '/catalog/:path*', destination: `${catalogOrigin}/:path*` },
      // Strapi answers media URLs relative to itself (/uploads/…): the components render them here.
      ...(strapiUrl === undefined ? [] : [{ source: '/uploads/:path*', destination: `${strapiUrl}/uploads/:path*` }]),
    ];
  },
};

export default config;
