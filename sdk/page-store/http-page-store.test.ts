import { startReferenceCms } from '../../testing/origins/reference-cms.js';
import { describeEditingSession } from '../editing-session.case.js';
import { createHttpPageStore } from './http-page-store.js';
import { describePageStore, tabsOf } from './page-store.case.js';

describePageStore('HTTP page store against the reference CMS', async () => {
  const cms = await startReferenceCms();
  return tabsOf(
    async () => createHttpPageStore({ baseUrl: cms.url }),
    () => cms.close(),
  );
});

describeEditingSession('the HTTP page store against the reference CMS', async () => {
  const cms = await startReferenceCms();
  return tabsOf(
    async () => createHttpPageStore({ baseUrl: cms.url }),
    () => cms.close(),
  );
});
