import type { Metadata } from 'next';
import { CatalogEditorPage } from './catalog-editor-page';
import { pageStoreSettings } from './page-store-settings';

export const metadata: Metadata = { title: 'Editor' };

/**
 * /editor: a server component that reads the page store's settings when it renders (at
 * `next build`, which prerenders this page) and hands them to the client editor.
 */
export default async function EditorRoute() {
  return <CatalogEditorPage pageStore={await pageStoreSettings()} />;
}
