import 'fake-indexeddb/auto';
import type { ComponentInstance } from '@runtime-component-catalog/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../testing/host/tcp-proxy.js';
import { type ReferenceCms, startReferenceCms } from '../../testing/origins/reference-cms.js';
import type { EditingSession } from '../editing-session.js';
import { openEditingSession } from '../open-editing-session.js';
import { createHttpPageStore } from '../page-store/http-page-store.js';
import type { PageStore } from '../page-store/page-store.js';
import { SdkError } from '../sdk-error.js';
import { type EditJournal, openEditJournal } from './edit-journal.js';

// docs/sdk-edit-journal.md as a property. One page, one device (one journal database), the real
// HTTP page store through a proxy (offline: it resets every connection) to the reference CMS, and
// random edits, settles, reloads, crashes, offline spells, another device's saves (straight to the
// CMS, online or not) and conflict choices (keepMine mostly, takeTheirs sometimes). At the end, both
// exact: no edit the device counted (journaled before a settle, a reload or the end) is missing from
// the stored page unless the user dropped it (takeTheirs), no other device's save is missing unless
// the user overrode it (keepMine); and the journal is empty.
//
// EDIT_JOURNAL_OFF=1 runs the same sessions with `journal: false`: the property must then fail (an
// edit not saved yet is gone after a reload), which shows that it measures the journal.
// PROPERTY_RUNS overrides the number of runs.
const JOURNAL_OFF = process.env.EDIT_JOURNAL_OFF === '1';
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
/** The longest wait for the session to move: past it the run fails with what it waited for. */
const WAIT_MS = 3_000;

type Command =
  | { readonly kind: 'edit' | 'settle' | 'reload' | 'kill' | 'offline' | 'online' | 'foreign' }
  | { readonly kind: 'choose'; readonly mine: boolean };

/** The user's choice on a conflict: keepMine four times out of five. */
const keepMine = fc.integer({ min: 0, max: 4 }).map((n) => n > 0);
const kind = (name: Exclude<Command['kind'], 'choose'>, weight: number) => ({
  weight,
  arbitrary: fc.constant({ kind: name }),
});
const command: fc.Arbitrary<Command> = fc.oneof(
  kind('edit', 6),
  kind('settle', 2),
  kind('reload', 2),
  kind('kill', 2),
  kind('offline', 2),
  kind('online', 2),
  kind('foreign', 2),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('choose' as const), mine: keepMine }) },
);

/** What the journal is for, tried first: edits made offline and counted, then a reload and a crash. */
const offlineSteps = ['offline', 'edit', 'settle', 'reload', 'edit', 'settle', 'kill', 'online'] as const;
const offlineThenReloadAndCrash: Command[] = offlineSteps.map((kind) => ({ kind }));

/** An instance as an insert makes it; its id names the edit that made it. */
function instance(id: string): ComponentInstance {
  return { id, packageId: 'hero1', package: '@acme/ui-hero1', version: '1.0.0', props: {} };
}

/** Rejects after `ms` with what was waited for, else settles as `promise`. */
function bounded<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Whether `promise` resolves (false: it rejects, on a conflict or a failed save). */
function succeeds(promise: Promise<unknown>): Promise<boolean> {
  return promise.then(
    () => true,
    () => false,
  );
}

/** Resolves once `done()` holds, checked at each change of the session (state or kept edits). */
function until(session: EditingSession, done: () => boolean, what: string): Promise<void> {
  if (done()) return Promise.resolve();
  let stop = () => {};
  const reached = new Promise<void>((resolve) => {
    stop = session.subscribe(() => done() && resolve());
  });
  const state = () => `${session.state.status}, kept ${session.kept.count}`;
  return bounded(reached, `${what} (now ${state()})`).finally(stop);
}

/** Resolves at the session's next change (subscribe before causing it). */
function nextChange(session: EditingSession, what: string): Promise<void> {
  let changed = false;
  // Subscribed before `until`'s listener, so the change is seen by it.
  const stop = session.subscribe(() => {
    changed = true;
  });
  return until(session, () => changed, what).finally(stop);
}

/** One tab: its session, and a store and journal that send and write nothing once the tab is gone. */
interface Tab {
  readonly session: EditingSession;
  readonly store: PageStore;
  /** The tab is gone (reloaded or crashed): every request in flight and to come fails, no journal write starts. */
  gone(): void;
}

let proxy: TcpProxy;
let cms: ReferenceCms;
let proxyUrl: string;
beforeAll(async () => {
  cms = await startReferenceCms();
  proxy = await startTcpProxy(Number(new URL(cms.url).port));
  proxyUrl = `http://127.0.0.1:${proxy.port}`;
});
afterAll(async () => {
  await proxy.close();
  await cms.close();
});

let runs = 0;

/** One run: the commands, then online until every edit is stored; what the property checks. */
async function play(commands: readonly Command[], endChoices: readonly boolean[]) {
  runs += 1;
  const pageId = `page-${runs}`;
  const journal = await openEditJournal({ name: `edit-journal-property-${runs}` });
  const other = createHttpPageStore({ baseUrl: cms.url }); // another device: straight to the CMS
  const tabs: Tab[] = [];
  const editorIds: string[] = [];
  const foreignIds: string[] = [];
  let unjournaled: string[] = []; // made since the last settle: a crash may lose them
  const counted = new Set<string>();
  const dropped = new Set<string>();
  const overridden = new Set<string>();
  const count = () => {
    for (const id of unjournaled) counted.add(id);
    unjournaled = [];
  };

  async function openTab(): Promise<Tab | undefined> {
    const stop = new AbortController();
    const store = createHttpPageStore({
      baseUrl: proxyUrl,
      fetch: (input, init) => fetch(input, { ...init, signal: stop.signal }),
    });
    const tabJournal: EditJournal = {
      read: (deviceKey, id) => journal.read(deviceKey, id),
      write: (deviceKey, id, entry) =>
        stop.signal.aborted ? Promise.reject(new Error('the tab is gone')) : journal.write(deviceKey, id, entry),
      update: (deviceKey, id, change) =>
        stop.signal.aborted ? Promise.reject(new Error('the tab is gone')) : journal.update(deviceKey, id, change),
      close: () => {},
    };
    try {
      const session = await openEditingSession({ store, pageId, journal: JOURNAL_OFF ? false : tabJournal });
      const tab = { session, store, gone: () => stop.abort() };
      tabs.push(tab);
      // Where Web Locks exist, the tab that went holds the page until its lock goes.
      await until(session, () => session.state.status !== 'following', 'taking the page over');
      return tab;
    } catch (error) {
      stop.abort();
      store.close();
      // Offline with nothing of the page on the device: it opens once online.
      if (error instanceof SdkError && error.code === 'network') return undefined;
      throw error;
    }
  }

  async function choose(session: EditingSession, mine: boolean): Promise<void> {
    const state = session.state;
    if (state.status !== 'conflict') return;
    const theirs = new Set(state.theirs?.content.map((it) => it.id));
    const ours = new Set(session.current.content.map((it) => it.id));
    if (mine) {
      for (const id of theirs) if (!ours.has(id)) overridden.add(id);
      // False when the save fails (offline, or another conflict): the commands go on.
      await bounded(succeeds(session.keepMine()), 'keepMine()');
    } else {
      for (const id of editorIds) if (!theirs.has(id)) dropped.add(id);
      session.takeTheirs();
    }
  }

  async function foreignSave(): Promise<void> {
    const id = `f${foreignIds.length + 1}`;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const page = (await other.get(pageId)) ?? { id: pageId, title: pageId, revision: 0, updatedAt: '', content: [] };
      try {
        await other.save({ ...page, content: [...page.content, instance(id)] });
        foreignIds.push(id);
        return;
      } catch (error) {
        if (!(error instanceof SdkError && error.code === 'store-conflict')) throw error;
      }
    }
    throw new Error(`the other device could not save ${id} in 20 attempts`);
  }

  let tab: Tab | undefined;
  try {
    tab = await openTab();
    for (const step of commands) {
      const session = tab?.session;
      if (step.kind === 'edit' && session !== undefined) {
        const id = `e${editorIds.length + 1}`;
        const page = session.current;
        session.update({ title: page.title, content: [...page.content, instance(id)] });
        editorIds.push(id);
        unjournaled.push(id);
      } else if (step.kind === 'settle' && session !== undefined) {
        await session.journaled();
        count();
      } else if (step.kind === 'reload') {
        if (tab !== undefined) {
          await tab.session.journaled();
          tab.session.close();
          tab.gone();
          count();
        }
        tab = await openTab();
      } else if (step.kind === 'kill') {
        // A crash: nothing more is sent or written, edits made since the last settle may be lost, and
        // the browser frees the tab's lock (close() after the cut: it sends and writes nothing more).
        tab?.gone();
        tab?.session.close();
        unjournaled = [];
        tab = await openTab();
      } else if (step.kind === 'offline') {
        proxy.refuse();
      } else if (step.kind === 'online') {
        proxy.accept();
        if (tab === undefined) tab = await openTab();
        else tab.session.retry(); // what the browser's `online` event does
      } else if (step.kind === 'foreign') {
        await foreignSave();
      } else if (step.kind === 'choose' && session !== undefined) {
        await choose(session, step.mine);
      }
    }

    // The end: online until every edit is stored and the journal holds none.
    proxy.accept();
    for (let round = 0; ; round += 1) {
      if (round === 30) throw new Error(`not stored after 30 rounds: ${tab?.session.state.status ?? 'no session'}`);
      tab ??= await openTab();
      if (tab === undefined) continue;
      const { session } = tab;
      const status = session.state.status;
      if (status === 'conflict') {
        await choose(session, endChoices[round % endChoices.length]!);
      } else if (status === 'error') {
        const changed = nextChange(session, 'retry()');
        session.retry();
        await changed;
      } else if (await bounded(succeeds(session.saved()), 'saved()')) {
        await session.journaled();
        if (session.kept.count === 0 && session.state.status === 'saved') break;
        await until(session, () => session.kept.count === 0, 'the journal emptying once saved');
      }
    }
    count();
    const session = tab.session;
    const record = await journal.read(tab.store.deviceKey, pageId);
    const stored = new Set((await other.get(pageId))?.content.map((it) => it.id));
    return {
      lost: [...counted].filter((id) => !stored.has(id) && !dropped.has(id)),
      overwritten: foreignIds.filter((id) => !stored.has(id) && !overridden.has(id)),
      kept: session.kept.count,
      journaled: record?.edits,
    };
  } finally {
    proxy.accept();
    for (const { session, store, gone } of tabs) {
      gone();
      session.close();
      store.close();
    }
    other.close();
    journal.close();
  }
}

it('loses no counted edit and overwrites no other save silently, through reloads, crashes and offline spells', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(command, { minLength: 1, maxLength: 25, size: 'max' }),
      fc.array(keepMine, { minLength: 1, maxLength: 4 }),
      async (commands, endChoices) => {
        const outcome = await play(commands, endChoices);
        expect(outcome).toEqual({ lost: [], overwritten: [], kept: 0, journaled: undefined });
      },
    ),
    { numRuns: RUNS, examples: [[offlineThenReloadAndCrash, [true]]] },
  );
}, 180_000);
