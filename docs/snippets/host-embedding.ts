import { serve } from '@hono/node-server';
import { createHostApp } from '@runtime-component-catalog/host';
import { Hono } from 'hono';

// The host inside your own Hono app, next to your own routes. Only the catalog source and the two
// origins are required; every other setting has the default of the README's configuration table.
const app = new Hono();
app.get('/', (c) => c.text('my editor backend'));
app.route(
  '/',
  createHostApp({
    catalogSource: process.env.CATALOG_SOURCE ?? 'https://cdn.example/catalog.json',
    artifactsOrigin: process.env.ARTIFACTS_ORIGIN ?? 'https://cdn.example',
    esmOrigin: process.env.ESM_ORIGIN ?? 'https://esm.sh',
    revalidationSecret: process.env.REVALIDATION_SECRET,
  }),
);

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 3000) }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
