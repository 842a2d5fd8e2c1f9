import { registerCatalogWorker } from '@runtime-component-catalog/sdk';
import { exposeCoexistPage } from '../coexist-page.js';

// The app registers its own worker (/sw.js, which imports the catalog's routes) through
// registerCatalogWorker: the catalog's configuration travels in the script URL's query.
const worker = await registerCatalogWorker({
  scriptUrl: '/sw.js',
  hostUrl: location.origin,
  catalogUrl: '/catalog.json',
});
exposeCoexistPage(worker);
