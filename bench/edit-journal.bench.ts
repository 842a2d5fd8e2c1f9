import { existsSync } from 'node:fs';
import { type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import type { Page as SavedPage } from '@runtime-component-catalog/contracts';
import { startPlaygroundProcess } from '../e2e/support/playground-process.js';
import type {} from '../examples/playground/playground-hooks.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

const CHROMIUM = '/usr/bin/chromium';
/** Rounds, each a fresh page of each mode, typed into in turns of CHUNK keys. */
const ROUNDS = Number(process.env.JOURNAL_BENCH_ROUNDS || 4);
/** Typed into hero1's Title a key at a time: 60 characters, lower case (one keydown each). */
const TEXT = ' and keep every edit on the device while typing quickly here';
const CHUNK = 10;
/** How long each key is held: with Playwright's round trips, a key every 70 to 110 ms, a fast typist. */
const KEY_MS = 30;
/** The page: hero1, then these packages COPIES times each (16 instances, about 7 KB of JSON). */
const OTHERS = ['cards1', 'features1', 'cta1', 'callout1', 'form1'];
const COPIES = 3;
/** Typing latency with the journal over without: the journal must not slow typing down. */
const RATIO_TARGET = 1.05;

/**
 * Installed before the editor's scripts (a string: tsx would add helpers to a function): each
 * keydown's `timeStamp` (when the browser made the event: queueing counts), the next frame after
 * each text hero1's h1 shows, and each IndexedDB readwrite transaction, start to `complete`, with
 * the title it put (the journal's edits, the page store's page).
 */
const PROBE = `(() => {
  const probe = { base: '', keys: [], shown: [], writes: [], saves: [] };
  window.__journalProbe = probe;
  addEventListener('keydown', (event) => probe.keys.push(event.timeStamp), true);
  const writes = new WeakMap();
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (names, mode, options) {
    const tx = transaction.call(this, names, mode, options);
    if (mode === 'readwrite') {
      const journal = this.name === 'runtime-catalog-edit-journal';
      const write = { start: performance.now(), end: undefined, title: undefined };
      (journal ? probe.writes : probe.saves).push(write);
      writes.set(tx, { write, journal });
      tx.addEventListener('complete', () => { write.end = performance.now(); });
    }
    return tx;
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    const of = writes.get(this.transaction);
    const page = of?.journal ? value?.edits?.page : value;
    if (of !== undefined && Array.isArray(page?.content)) of.write.title = page.content[0]?.props?.title;
    return put.call(this, value, key);
  };
  const shownAll = () => probe.shown.at(-1)?.text.length === probe.base.length + probe.keys.length;
  // Resolves once the h1 shows every key typed so far (no polling: it would add work to the page).
  probe.shownAll = () => new Promise((resolve) => {
    probe.settle = resolve;
    if (shownAll()) resolve();
  });
  probe.watch = (id) => {
    const root = document.querySelector('[data-instance-id="' + id + '"]');
    let last = probe.base = root.querySelector('h1').textContent;
    probe.keys.length = 0;
    probe.writes.length = 0;
    probe.saves.length = 0;
    new MutationObserver(() => {
      const text = root.querySelector('h1')?.textContent;
      if (text === last) return;
      last = text;
      requestAnimationFrame(() => {
        probe.shown.push({ frame: performance.now(), text });
        if (shownAll()) probe.settle?.();
      });
    }).observe(root, { subtree: true, childList: true, characterData: true });
  };
})();`;

/** What PROBE recorded in one tab (times: that tab's `performance.now()`). */
interface Probe {
  readonly base: string;
  readonly keys: number[];
  readonly shown: { readonly frame: number; readonly text: string }[];
  readonly writes: Write[];
  readonly saves: Write[];
}

/** A readwrite transaction (the journal's, or the page store's save), with hero1's title if it put one. */
type Write = { readonly start: number; readonly end?: number; readonly title?: string };

declare global {
  interface Window {
    __journalProbe: Probe & { watch(instanceId: string): void; shownAll(): Promise<void> };
  }
}

type Mode = 'journal' | 'none';

/** A tab typing, and its DevTools session (for its main thread's CPU time). */
interface Tab {
  readonly page: Page;
  readonly cdp: CDPSession;
}

/**
 * The edit journal in the playground editor (IndexedDB page store) in Chromium, a page of 16
 * instances: hero1's Title typed into a key at a time with the journal and with `?journal=off`, in
 * turns of CHUNK keys (fresh pages each round) so that a shared machine's load hits both alike.
 */
export async function editJournal(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM)) {
    return [
      reportRow('journal cost per edit (Chromium)', 'skipped: no /usr/bin/chromium'),
      reportRow('typing latency, journal / no journal (Chromium)', 'skipped: no /usr/bin/chromium'),
    ];
  }
  const playground = await startPlaygroundProcess();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    await context.addInitScript(PROBE);
    // The dev server's HMR socket, answered by nobody: a source saved during the run would reload the page.
    await context.routeWebSocket(/[?&]token=/, () => {});
    const seed = await seedPage(context, playground.url);
    const total: Record<Mode, Measured> = { journal: measured(), none: measured() };
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const tabs = {} as Record<Mode, Tab>;
      for (const mode of turn(round)) tabs[mode] = await openTyping(context, seed, `${mode}-${round}`, mode);
      for (let at = 0; at < TEXT.length; at += CHUNK) {
        for (const mode of turn(round + at / CHUNK)) {
          total[mode].cpu += await typeChunk(tabs[mode], TEXT.slice(at, at + CHUNK));
        }
      }
      const journal = perKeystroke(await probeOf(tabs.journal), total.journal);
      ratios.push(median(journal) / median(perKeystroke(await probeOf(tabs.none), total.none)));
      for (const tab of Object.values(tabs)) await tab.page.close();
    }
    const { shown, durable, savedFirst, lost, transactions, cpu } = total.journal;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const quantiles = (values: readonly number[]) =>
      `p50 ${ms(percentile(values, 0.5))}, p99 ${ms(percentile(values, 0.99))}`;
    const ratio = median(shown) / median(total.none.shown);
    return [
      reportRow(
        'journal cost per edit (Chromium)',
        `${quantiles(durable)}, keystroke to its journal write complete (${durable.length} keystrokes` +
          `${savedFirst > 0 ? `, ${savedFirst} more saved before the journal wrote them` : ''}` +
          `${lost > 0 ? `, ${lost} NEITHER journaled NOR saved` : ''}); a journal transaction ` +
          `${quantiles(transactions)} (${transactions.length})`,
      ),
      {
        name: 'typing latency, journal / no journal (Chromium)',
        measured:
          `${ms(median(shown))}, keystroke to the frame showing it (median of ${shown.length}; ${ROUNDS} rounds, ` +
          `ratio ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}); main-thread CPU a ` +
          `keystroke ${ms(cpu / shown.length)} vs ${ms(total.none.cpu / shown.length)} ` +
          `(${(cpu / total.none.cpu).toFixed(3)})`,
        baseline: `no journal ${ms(median(total.none.shown))}`,
        ratio,
        target: `<= ${RATIO_TARGET}`,
        ok: ratio <= RATIO_TARGET,
      },
    ];
  } finally {
    await browser.close();
    await playground.stop();
  }
}

/** The order of the two modes in turn `n`: the journal first in even turns. */
function turn(n: number): Mode[] {
  return n % 2 === 0 ? ['journal', 'none'] : ['none', 'journal'];
}

/** The `q` quantile of `values` (nearest rank). */
function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** What the tab's probe recorded. */
function probeOf(tab: Tab): Promise<Probe> {
  return tab.page.evaluate(() => {
    const { base, keys, shown, writes, saves } = window.__journalProbe;
    return { base, keys, shown, writes, saves };
  });
}

/** What the tabs of one mode measured (see {@link perKeystroke}); `cpu`: the main thread's CPU time (ms). */
interface Measured {
  shown: number[];
  durable: number[];
  savedFirst: number;
  lost: number;
  transactions: number[];
  cpu: number;
}

const measured = (): Measured => ({ shown: [], durable: [], savedFirst: 0, lost: 0, transactions: [], cpu: 0 });

/**
 * Adds to `into`, per keystroke k (the title then base + k + 1 characters long), the time to the
 * first frame showing it and to the completion of the first journal write holding it, if any (none
 * when the page store had saved it before the journal's next write began: that write finds no
 * edits; or the tab has no journal); and each journal transaction's time, from its start to its
 * `complete` event (edits and confirmations alike). Answers this tab's times to the frame.
 */
function perKeystroke(probe: Probe, into: Measured): number[] {
  const shown = probe.keys.map((key, k) => {
    const length = probe.base.length + k + 1;
    const holds = (write: Write) => write.end !== undefined && (write.title?.length ?? 0) >= length;
    const written = probe.writes.find(holds)?.end;
    if (written !== undefined) into.durable.push(written - key);
    else if (probe.saves.some(holds)) into.savedFirst += 1;
    else into.lost += 1;
    const frame = probe.shown.find((text) => text.text.length >= length)?.frame;
    if (frame === undefined) throw new Error(`keystroke ${k} was never shown`);
    return frame - key;
  });
  into.shown.push(...shown);
  for (const write of probe.writes) if (write.end !== undefined) into.transactions.push(write.end - write.start);
  return shown;
}

/** The editor open on a page with hero1 and OTHERS inserted, and that page as saved. */
async function seedPage(context: BrowserContext, url: string): Promise<{ page: Page; saved: SavedPage; url: string }> {
  const page = await open(context, `${url}/?page=journal-bench-seed`);
  for (const id of ['hero1', ...OTHERS]) await page.evaluate((packageId) => window.playground!.insert(packageId), id);
  await page.evaluate(() => window.playground!.saved());
  const saved = await page.evaluate(() => window.playground!.store.get(window.playground!.pageId));
  return { page, saved: saved!, url };
}

/** A tab of the editor at `url`, once its hooks are set; its uncaught errors go to `errors`. */
async function open(context: BrowserContext, url: string, errors: Error[] = []): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(url);
  await page.waitForSelector('body[data-playground="ready"]', { state: 'attached' });
  return page;
}

/**
 * A new page of hero1 and COPIES of the others, stored through the seed's editor (same origin) and
 * opened in a tab of its own, with the journal or without, the caret at the end of hero1's Title.
 */
async function openTyping(
  context: BrowserContext,
  seed: { page: Page; saved: SavedPage; url: string },
  pageId: string,
  mode: Mode,
): Promise<Tab> {
  const [hero, ...others] = seed.saved.content;
  const copies = Array.from({ length: COPIES }, (_, copy) =>
    others.map((instance) => ({ ...instance, id: `${instance.id.slice(0, -2)}${copy}${copy}` })),
  ).flat();
  const stored: SavedPage = { ...seed.saved, id: pageId, title: pageId, revision: 0, content: [hero!, ...copies] };
  await seed.page.evaluate(async (page) => void (await window.playground!.store.save(page)), stored);
  const errors: Error[] = [];
  const page = await open(context, `${seed.url}/?page=${pageId}${mode === 'none' ? '&journal=off' : ''}`, errors);
  await page
    .locator(`[data-instance-id="${hero!.id}"] h1`)
    .waitFor()
    .catch((error: unknown) => {
      throw errors[0] ?? error;
    });
  await page.evaluate((id) => window.playground!.select(id), hero!.id);
  await page.getByRole('textbox', { name: 'Title', exact: true }).filter({ visible: true }).click();
  await page.keyboard.press('End');
  await page.evaluate(async (id) => {
    await window.playground!.saved();
    window.__journalProbe.watch(id);
  }, hero!.id);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, cdp };
}

/**
 * Types `text` into the focused Title, waits until the canvas shows it, it is saved and journaled
 * (the confirmation's write included), and answers the main thread's CPU time meanwhile (ms).
 */
async function typeChunk({ page, cdp }: Tab, text: string): Promise<number> {
  const threadTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'ThreadTime')!.value * 1000;
  };
  const before = await threadTime();
  await page.bringToFront();
  await page.keyboard.type(text, { delay: KEY_MS });
  await page.evaluate(async () => {
    await window.__journalProbe.shownAll();
    await window.playground!.saved();
    await window.playground!.pendingEdits();
  });
  return (await threadTime()) - before;
}
