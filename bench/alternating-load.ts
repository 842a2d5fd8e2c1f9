import autocannon from 'autocannon';
import { cpuNsOf } from './process-cpu.js';

// A load generator that takes turns between two servers in short windows, in one process (run by
// bench/host-process.bench.ts on core 0): windows of a second, in the order A B B A
// A B …, so that whatever else the machine does in a second hits both alike. For each window it
// reports the server's CPU time (every thread of its process, from /proc/<pid>/task/*/schedstat,
// in ns) and the requests it answered.
//
// argv[2]: JSON {"targets": [{"url", "pid"}, {"url", "pid"}], "windowSeconds", "windows"}.
// stdout: JSON [{"target": 0 | 1, "cpuNs", "requests", "seconds", "non2xx", "errors"}, …]; a window
// lasts at least a second whatever `windowSeconds` says below that: autocannon ticks each second.

interface Target {
  readonly url: string;
  readonly pid: number;
}
interface Plan {
  readonly targets: readonly [Target, Target];
  readonly windowSeconds: number;
  readonly windows: number;
}

const plan = JSON.parse(process.argv[2]!) as Plan;

const windows = [];
for (let index = 0; index < plan.windows; index += 1) {
  const target = [0, 1, 1, 0][index % 4] as 0 | 1;
  const { url, pid } = plan.targets[target];
  const before = cpuNsOf(pid);
  const result = await autocannon({ url, connections: 10, pipelining: 4, duration: plan.windowSeconds });
  windows.push({
    target,
    cpuNs: cpuNsOf(pid) - before,
    requests: result.requests.total,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
  });
}
process.stdout.write(JSON.stringify(windows));
