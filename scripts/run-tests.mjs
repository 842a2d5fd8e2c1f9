#!/usr/bin/env node
// `npm test`: the type check of every folder, the linter/formatter check, then every test suite.
// Each check counts as one test; suites report their own counts (JSON reporters). The last line
// is the plain summary that CI reads: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureStrapiApp } from '../testing/strapi/install-app.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const tmp = '.tmp';
mkdirSync(tmp, { recursive: true });

const typecheckProjects = [
  'contracts',
  'host',
  'sdk',
  'sdk/tsconfig.test.json',
  'sdk/vite',
  'service-worker',
  'service-worker/tsconfig.test.json',
  'authoring',
  'testing',
  'scripts',
  'examples',
  'examples/playground',
  'examples/tools',
  'bench',
  'e2e',
  '.',
];
// The README's snippets, checked as a user's project checks them.
const builtTypecheckProjects = ['docs/snippets'];
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

// Every Debian package a later step uses (Chromium, redis-server, nginx, the build tools), before
// the first step: a fresh machine has none of them (scripts/system-packages.mjs).
const stillMissing = ensureSystemPackages((line) => console.log(line));
if (stillMissing.length > 0) {
  failed += 1;
  failures.push(`install ${stillMissing.join(', ')}`);
}

// The packages as they ship (contracts, host, authoring: tsc; sdk: vite with its size budget and
// the service worker), first: other folders import them by name and resolve to their builds, the
// process tests run the built bins, and the packaging suite packs them.
check('build every package', 'npm', ['run', 'build']);
for (const project of [...typecheckProjects, ...builtTypecheckProjects]) {
  check(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
}
check('lint and format', 'npx', ['biome', 'ci', '.']);
// The API reference (docs/reference.md): TypeDoc fails on a public export or a property of an
// exported type without a comment, or on a broken link; docs/reference/ must be what the code generates.
check('API reference (every public export documented, docs/reference/ up to date)', 'node', [
  'scripts/api-reference.mjs',
  '--check',
]);

/**
 * Runs a test suite that writes a JSON report, and adds its counts. A suite that fails without a
 * failed test (it did not load, or wrote no report) counts as one failure.
 */
function suite(label, report, command, args, countsOf) {
  rmSync(report, { force: true });
  const ok = run(label, command, args);
  let counts;
  try {
    counts = countsOf(JSON.parse(readFileSync(report, 'utf8')));
  } catch {
    counts = { passed: 0, failed: 0 };
  }
  passed += counts.passed;
  failed += counts.failed + (!ok && counts.failed === 0 ? 1 : 0);
  if (!ok || counts.failed > 0) failures.push(label);
}

suite(
  'unit and integration tests (vitest)',
  `${tmp}/vitest.json`,
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest.json`],
  (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests }),
);

// The packages as users install them: packed, installed into fresh projects, used from there.
suite(
  'packaging tests (tarballs in fresh projects)',
  `${tmp}/packaging.json`,
  'npx',
  [
    'vitest',
    'run',
    '-c',
    'testing/packaging/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${tmp}/packaging.json`,
  ],
  (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests }),
);

// Generated Strapi output in real Strapi 5 (testing/strapi/, docs/strapi-tests.md). Its app is
// installed on demand, outside the workspace, and kept between runs; a failed install counts as
// one failure.
const strapiApp = ensureStrapiApp();
if (strapiApp.ok) {
  suite(
    'Strapi tests (generated output booted in real Strapi 5)',
    `${tmp}/strapi.json`,
    'npx',
    [
      'vitest',
      'run',
      '-c',
      'testing/strapi/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${tmp}/strapi.json`,
    ],
    (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests }),
  );
} else {
  failed += 1;
  failures.push('install the Strapi test app');
}

// Browser tests: Debian's Chromium (Playwright cannot download its own browser here).
suite(
  'browser tests (playwright, chromium)',
  `${tmp}/playwright.json`,
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
  ({ stats }) => ({ passed: stats.expected + stats.flaky, failed: stats.unexpected }),
);

console.log('');
if (failures.length > 0) console.log(`failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
