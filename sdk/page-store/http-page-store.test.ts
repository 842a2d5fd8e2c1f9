import { startReferenceCms } from '../../examples/origins/reference-cms.js';
import { createHttpPageStore } from './http-page-store.js';
import { describePageStore } from './page-store.case.js';

describePageStore('HTTP page store against the reference CMS', async () => {
  const cms = await startReferenceCms();
  const opened: { close(): void }[] = [];
  const open = async () => {
    const store = createHttpPageStore({ baseUrl: cms.url });
    opened.push(store);
    return store;
  };
  return {
    first: await open(),
    openTab: open,
    cleanup: async () => {
      for (const store of opened) store.close();
      await cms.close();
    },
  };
});
