/** Installs testing/strapi/app when missing or out of date (install-app.mjs); `ok` false when it could not. */
export function ensureStrapiApp(): { ok: boolean; installed: boolean; seconds: number };
