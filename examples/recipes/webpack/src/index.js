import { createCatalogClient, registerCatalogWorker } from '@runtime-component-catalog/sdk';

// The editor's catalog client (stage 1 list, stage 2 inserts), here with the page's origin as the
// host; its modules are imported by the browser, not by webpack: the SDK marks that import()
// webpackIgnore, so this build has no warning.
export const client = createCatalogClient({ hostUrl: location.origin, catalogUrl: '/catalog.json' });

// The editor page: registers the worker that webpack.config.js copied to /catalog-sw.js, and
// shows its mirror's status (data-state says when it is there: `ready` or `failed`).
const output = document.getElementById('catalog-worker-status');

async function startCatalogWorker() {
  try {
    // Resolves once the worker controls this page.
    const worker = await registerCatalogWorker({
      scriptUrl: '/catalog-sw.js', // same origin as this page; its folder, /, is the scope
      hostUrl: location.origin, // the catalog host, here behind the editor's own origin
      catalogUrl: '/catalog.json',
    });
    output.textContent = JSON.stringify(await worker.status());
    output.dataset.state = 'ready';
  } catch (error) {
    output.textContent = String(error);
    output.dataset.state = 'failed';
  }
}

void startCatalogWorker();
