import { registerCatalogWorker } from '@runtime-component-catalog/sdk';
import { exposeCoexistPage } from '../coexist-page.js';

// The app registers its own worker as it always did; its script configures the catalog's routes
// itself (registerCatalogRoutes options), so registerCatalogWorker names the same script URL, with
// no option that would change it, only to reach the catalog's status() and clear().
await navigator.serviceWorker.register('/sw.js');
const worker = await registerCatalogWorker({ scriptUrl: '/sw.js' });
exposeCoexistPage(worker);
