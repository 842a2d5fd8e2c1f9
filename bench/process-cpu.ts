import { readdirSync, readFileSync } from 'node:fs';

/** CPU time of every thread of process `pid` so far, in ns (Linux: each thread's schedstat under /proc). */
export function cpuNsOf(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended between the listing and the read: its time is in no window
    }
  }
  return total;
}
