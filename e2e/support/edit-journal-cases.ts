import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, test } from '@playwright/test';
import config from '../playwright.config.js';
import {
  expectOffline,
  expectSaved,
  headerTitle,
  offlineTab,
  openEditor,
  pageTitleField,
  pendingEdits,
  ready,
} from './edit-journal.js';
import { launchOnProfile } from './profile-browser.js';

/** A page as any client of the store reads it: what these scenarios compare. */
export interface StoredView {
  readonly revision: number;
  /** The page's title (the editor's root field "Page title"). */
  readonly title: string;
  /** The title prop of the page's first instance, a hero1. */
  readonly heroTitle: unknown;
}

/** A playground on the page store under test, and that store as other clients reach it (REST, from Node). */
export interface StoreUnderTest {
  /** The editor's URL. */
  readonly editor: string;
  /** The page as the store holds it now. */
  read(pageId: string): Promise<StoredView>;
  /** Another client's write of the page's title, based on the revision it reads first; answers the page stored. */
  writeTitle(pageId: string, title: string): Promise<StoredView>;
}

/**
 * The tests' Chromium with RenderDocument off. With it (on in this Chromium), a reload commits a
 * new document host and the unloading document leaves DevTools' network emulation: offline for the
 * test, it hears `online` and sends its save as it goes (6 reloads of 33), which no real network
 * cut allows. Off, the document keeps the emulation to its end (0 of 20).
 */
const launchOptions = {
  ...config.use?.launchOptions,
  args: [...(config.use?.launchOptions?.args ?? []), '--disable-features=RenderDocument'],
};

/**
 * The edit journal's scenarios in Chromium (docs/sdk-edit-journal.md "Proof"), one behaviour for
 * every page store: each e2e file starts its playground and calls this at its top level with its
 * store (read once the file's `beforeAll` has started it), under `name`.
 */
export function editJournalCases(name: string, store: () => StoreUnderTest): void {
  test.use({ launchOptions });
  test.describe(name, () => cases(store));
}

function cases(store: () => StoreUnderTest): void {
  /** A stored page holding a hero1, its "Page title" field open; answers how the store holds it. */
  async function storedPage(context: BrowserContext, pageId: string) {
    const page = await openEditor(context, store().editor, pageId);
    await page.evaluate(() => window.playground!.insert('hero1'));
    await page.evaluate(() => window.playground!.saved());
    // The page's first save, with the hero's defaults (data.json); its title is the page id.
    const opened = await store().read(pageId);
    expect(opened).toEqual({ revision: 1, title: pageId, heroTitle: 'Build pages faster' });
    await expectSaved(page, 1);
    return { page, opened, title: await pageTitleField(page) };
  }

  test('offline, an edit is kept on the device, survives a reload, and is stored on the next revision once online', async ({
    context,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { page, opened, title } = await storedPage(context, 'journal-offline');
    await context.setOffline(true);
    await title.fill('Written offline');
    await expectOffline(page, 1);
    expect(await pendingEdits(page)).toBe(1);
    // The header as docs/sdk-edit-journal.md shows it (docs/images/edit-journal-offline.png).
    await page.setViewportSize({ width: 1600, height: 900 });
    const path = testInfo.outputPath('edit-journal-offline.png');
    await page.getByRole('banner').screenshot({ path });
    await testInfo.attach('edit-journal-offline', { path, contentType: 'image/png' });

    // The service worker serves the editor; the page and its edit come from the journal.
    await page.reload();
    await ready(page);
    await expect(headerTitle(page)).toHaveText('Written offline');
    await expectOffline(page, 1);
    expect(await pendingEdits(page)).toBe(1);
    expect(await store().read('journal-offline')).toEqual(opened);

    await context.setOffline(false);
    await expectSaved(page, opened.revision + 1);
    const stored = { ...opened, revision: opened.revision + 1, title: 'Written offline' };
    expect(await store().read('journal-offline')).toEqual(stored);
  });

  test('a tab that crashes offline loses no keystroke: the next tab of the page stores them all', async ({
    context,
  }) => {
    test.setTimeout(60_000);
    const { page, opened, title } = await storedPage(context, 'journal-crashed');
    const tab = await offlineTab(context, page);
    const sentence = 'Every keystroke stays on this device';
    await title.clear();
    await title.pressSequentially(sentence);
    await expect(headerTitle(page)).toHaveText(sentence);
    // One edit a change of the field: the clear, then each character.
    const edits = 1 + sentence.length;
    await expectOffline(page, edits);
    await expect.poll(() => pendingEdits(page)).toBe(edits);
    await tab.crash();
    expect(await store().read('journal-crashed')).toEqual(opened);

    const next = await openEditor(context, store().editor, 'journal-crashed');
    await expect(headerTitle(next)).toHaveText(sentence);
    await expectSaved(next, opened.revision + 1);
    expect(await store().read('journal-crashed')).toEqual({
      ...opened,
      revision: opened.revision + 1,
      title: sentence,
    });
  });

  test('a browser killed while offline loses no edit: started again on its profile, it stores them all', async () => {
    test.setTimeout(120_000);
    const profile = await mkdtemp(join(tmpdir(), 'e2e-profile-'));
    let browser = await launchOnProfile(profile);
    try {
      const { page, opened, title } = await storedPage(browser.context, 'journal-killed');
      await browser.context.setOffline(true);
      const sentence = 'Kept through a killed browser';
      await title.clear();
      await title.pressSequentially(sentence);
      const edits = 1 + sentence.length;
      await expectOffline(page, edits);
      await expect.poll(() => pendingEdits(page)).toBe(edits);
      await browser.kill();
      expect(await store().read('journal-killed')).toEqual(opened);

      browser = await launchOnProfile(profile);
      const next = await openEditor(browser.context, store().editor, 'journal-killed');
      await expect(headerTitle(next)).toHaveText(sentence);
      await expectSaved(next, opened.revision + 1);
      expect(await store().read('journal-killed')).toEqual({
        ...opened,
        revision: opened.revision + 1,
        title: sentence,
      });
    } finally {
      await browser.context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('two tabs of a page: one writes, the other follows read-only and writes once the first is closed', async ({
    context,
  }) => {
    test.setTimeout(60_000);
    const { page: first, opened, title } = await storedPage(context, 'journal-two-tabs');
    const second = await openEditor(context, store().editor, 'journal-two-tabs');
    await expect(second.getByTestId('save-status')).toHaveAttribute('data-status', 'following');
    // Offline, the follower shows the writer's edit and counts it as kept on the device.
    await context.setOffline(true);
    await title.fill('Written in the first tab');
    await expect(headerTitle(second)).toHaveText('Written in the first tab');
    await expectOffline(first, 1);
    await expect.poll(() => pendingEdits(second)).toBe(1);
    await context.setOffline(false);
    await expectSaved(first, opened.revision + 1);
    await expect.poll(() => pendingEdits(second)).toBe(0);

    await first.close();
    await expectSaved(second, opened.revision + 1);
    await (await pageTitleField(second)).fill('Written in the second tab');
    await expectSaved(second, opened.revision + 2);
    const stored = { ...opened, revision: opened.revision + 2, title: 'Written in the second tab' };
    expect(await store().read('journal-two-tabs')).toEqual(stored);
  });

  for (const choice of ['keep-mine', 'take-theirs'] as const) {
    test(`a REST write while the editor is offline: the choice is shown, nothing is stored before it (${choice})`, async ({
      context,
    }) => {
      test.setTimeout(60_000);
      const pageId = `journal-foreign-${choice}`;
      const { page, opened, title } = await storedPage(context, pageId);
      await context.setOffline(true);
      await title.fill('Mine, written offline');
      await expectOffline(page, 1);
      const theirs = await store().writeTitle(pageId, 'Titled by a script');
      expect(theirs).toEqual({ ...opened, revision: opened.revision + 1, title: 'Titled by a script' });

      await context.setOffline(false);
      const conflict = page.getByTestId('changed-elsewhere');
      await expect(conflict).toBeVisible();
      await expect(conflict).toHaveAttribute('data-unsaved-edits', 'true');
      await expect(page.getByTestId('kept-edits')).toHaveAttribute('data-count', '1');
      expect(await pendingEdits(page)).toBe(1);
      expect(await store().read(pageId)).toEqual(theirs);

      await page.getByTestId(choice).click();
      if (choice === 'keep-mine') {
        await expectSaved(page, theirs.revision + 1);
        const mine = { ...theirs, revision: theirs.revision + 1, title: 'Mine, written offline' };
        expect(await store().read(pageId)).toEqual(mine);
      } else {
        await expectSaved(page, theirs.revision);
        await expect(headerTitle(page)).toHaveText('Titled by a script');
        await expect(title).toHaveValue('Titled by a script');
        // The journal no longer holds the edit: a reload opens theirs as it is, with nothing to save.
        await page.reload();
        await ready(page);
        await expect(headerTitle(page)).toHaveText('Titled by a script');
        await expectSaved(page, theirs.revision);
        expect(await store().read(pageId)).toEqual(theirs);
      }
    });
  }
}
