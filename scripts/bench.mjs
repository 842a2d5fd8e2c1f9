#!/usr/bin/env node
// `npm run bench`: bench/run.ts pinned to core 0 when taskset exists (the throughput servers take
// core 1), so the load generator and the servers do not compete for one core.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const node = [process.execPath, '--import', 'tsx', 'bench/run.ts'];
const pinned = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;
const [command, ...args] = pinned ? ['/usr/bin/taskset', '-c', '0', ...node] : node;
process.exit(spawnSync(command, args, { stdio: 'inherit' }).status ?? 1);
