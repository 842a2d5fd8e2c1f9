#!/usr/bin/env node
// `npm test`: the type check of every folder, the linter/formatter check, then every test suite.
// Each check counts as one test; suites report their own counts (JSON reporters). The last line
// is the plain summary that CI reads: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const tmp = '.tmp';
mkdirSync(tmp, { recursive: true });

const typecheckProjects = ['contracts', 'host', 'sdk', 'sdk/tsconfig.test.json', 'examples', 'bench', 'e2e', '.'];
let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

for (const project of typecheckProjects) check(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
check('lint and format', 'npx', ['biome', 'ci', '.']);
check('library build, size budget, publint and attw', 'npm', ['run', 'check:package']);

const vitestReport = `${tmp}/vitest.json`;
rmSync(vitestReport, { force: true });
const vitestOk = run('unit and integration tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
try {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numFailedTests > 0 || !vitestOk) failures.push('vitest');
  if (!vitestOk && report.numFailedTests === 0) failed += 1; // a suite that failed to load
} catch {
  failed += 1;
  failures.push('vitest (no report)');
}

// Browser tests: Debian's Chromium (Playwright cannot download its own browser here).
if (!existsSync('/usr/bin/chromium')) {
  run('install chromium', 'sh', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium']);
}
const playwrightReport = `${tmp}/playwright.json`;
rmSync(playwrightReport, { force: true });
const playwrightOk = run('browser tests (playwright, chromium)', 'npx', [
  'playwright',
  'test',
  '-c',
  'e2e/playwright.config.ts',
]);
try {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (stats.unexpected > 0 || !playwrightOk) failures.push('playwright');
  if (!playwrightOk && stats.unexpected === 0) failed += 1;
} catch {
  failed += 1;
  failures.push('playwright (no report)');
}

console.log('');
if (failures.length > 0) console.log(`failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
