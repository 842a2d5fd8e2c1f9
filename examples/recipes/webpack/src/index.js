import { registerCatalogWorker } from '@runtime-component-catalog/sdk';

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
