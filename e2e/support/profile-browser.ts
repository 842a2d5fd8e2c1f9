import { readdir, readFile } from 'node:fs/promises';
import { type BrowserContext, chromium, expect } from '@playwright/test';
import config from '../playwright.config.js';

/** A Chromium on a profile folder of its own, as a user's browser is, which a test can kill outright. */
export interface ProfileBrowser {
  readonly context: BrowserContext;
  /**
   * SIGKILL to the browser process, as an out-of-memory killer or a crash ends it: nothing of it
   * runs after. Resolves once every other process of that browser has ended too.
   */
  kill(): Promise<void>;
}

/**
 * Starts Chromium on `userDataDir` (the tests' executable and arguments), its storage there, so
 * that a browser started on it again finds what the killed one left.
 */
export async function launchOnProfile(userDataDir: string): Promise<ProfileBrowser> {
  const context = await chromium.launchPersistentContext(userDataDir, { ...config.use?.launchOptions });
  const pid = await browserPid(userDataDir);
  return {
    context,
    async kill() {
      const closed = new Promise((resolve) => context.once('close', resolve));
      process.kill(pid, 'SIGKILL');
      await closed;
      // Its other processes (Playwright starts it as a process group of its own) see it gone and
      // end: IndexedDB lives in one of them (the storage service), and a browser started on the
      // profile before it ended would find its files in use.
      await expect.poll(() => liveProcessesOfGroup(pid), { timeout: 10_000 }).toEqual([]);
    },
  };
}

interface ProcessStat {
  readonly pid: number;
  readonly state: string;
  readonly ppid: number;
  readonly group: number;
}

/**
 * The browser process of the persistent context on `userDataDir`. A persistent context has no
 * `Browser` (`context.browser()` is null), so no handle on its process: it is the child of this
 * worker (Playwright launches it from here, `/usr/bin/chromium` execs the binary) whose command
 * line names that folder, the only one without `--type=` (its renderers, zygotes and services have one).
 */
async function browserPid(userDataDir: string): Promise<number> {
  const found: number[] = [];
  for (const stat of await processStats()) {
    if (stat.ppid !== process.pid) continue;
    const args = (await readFile(`/proc/${stat.pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (args.includes(`--user-data-dir=${userDataDir}`) && !args.some((arg) => arg.startsWith('--type='))) {
      found.push(stat.pid);
    }
  }
  if (found.length !== 1)
    throw new Error(`expected one browser process on ${userDataDir}, found ${found.join(', ') || 'none'}`);
  return found[0]!;
}

/** The processes of a process group that have not ended (a zombie holds no file). */
async function liveProcessesOfGroup(group: number): Promise<number[]> {
  return (await processStats()).filter((stat) => stat.group === group && stat.state !== 'Z').map((stat) => stat.pid);
}

/** Every process's `/proc/<pid>/stat` fields this file needs (proc(5): after the `(comm)`, state, ppid, pgrp). */
async function processStats(): Promise<ProcessStat[]> {
  const stats: ProcessStat[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const [state, ppid, group] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    stats.push({ pid: Number(entry), state: state!, ppid: Number(ppid), group: Number(group) });
  }
  return stats;
}
