import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every failure carries its code on a typed error (HostError, SdkError, AuthoringError, a
// Diagnostic), and every function of authoring/ that gives success or failure gives one Result
// (authoring/result.ts), told apart by `ok`. This test keeps the habits that came before from
// coming back, in every product folder: a code picked by reading an error's message, and (in
// authoring/) results told apart by which keys an object happens to have.

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const PRODUCT_FOLDERS = ['contracts', 'host', 'sdk', 'service-worker', 'authoring'];

/** The product sources, relative to the repository: no tests, test helpers, build output or dependencies. */
function productSources(): string[] {
  return PRODUCT_FOLDERS.flatMap((folder) =>
    readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' }).map(
      (path) => `${folder}/${path.split('\\').join('/')}`,
    ),
  )
    .filter((path) => /\.tsx?$/.test(path) && !/\.(test|case)\.tsx?$/.test(path) && !path.endsWith('.d.ts'))
    .filter((path) => !/(^|\/)(node_modules|dist|testing)\//.test(path))
    .sort();
}

const forbidden: readonly { readonly pattern: RegExp; readonly why: string; readonly only?: string }[] = [
  {
    pattern: /(?:\.message|\bfailures?)\s*\.\s*(?:startsWith|includes|endsWith|match|search)\s*\(/,
    why: 'reads an error message to decide what happened: take the code of the typed error',
  },
  {
    pattern: /\.test\([^)]*\.message\s*\)/,
    why: 'matches an error message to decide what happened: take the code of the typed error',
  },
  {
    pattern: /['"](?:problem|diagnostics|code|ok|text|invalid|files)['"]\s+in\s/,
    why: 'tells a result from a failure by its keys: return a Result (authoring/result.ts) and test `ok`',
    only: 'authoring/',
  },
];

/** Every forbidden line of `text`, as `path:line: why`. */
function findingsIn(path: string, text: string): string[] {
  const findings: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why, only } of forbidden) {
      if ((only === undefined || path.startsWith(only)) && pattern.test(line))
        findings.push(`${path}:${index + 1}: ${why}`);
    }
  });
  return findings;
}

describe('the error model of every product folder', () => {
  it('derives no code from message text and tells no result apart by its keys', () => {
    const sources = productSources();
    expect(sources.length).toBeGreaterThan(200);
    const findings = sources.flatMap((path) => findingsIn(path, readFileSync(join(repoRoot, path), 'utf8')));
    expect(findings).toEqual([]);
  });

  it('catches each habit it forbids', () => {
    const text = [
      "const code = failures.some((failure) => failure.startsWith('verify')) ? 'verify-failed' : 'store-failed';",
      "if (error.message.includes('ENOENT')) code = 'file-missing';",
      'if (/timed out/.test(error.message)) return 1;',
      "if ('problem' in read) return read.problem;",
      "if ('diagnostics' in built) return built.diagnostics;",
      'const fine = result.ok ? result.value : result.error.code;',
    ].join('\n');
    expect(findingsIn('authoring/x.ts', text).map((finding) => finding.split(':').slice(0, 2).join(':'))).toEqual([
      'authoring/x.ts:1',
      'authoring/x.ts:2',
      'authoring/x.ts:3',
      'authoring/x.ts:4',
      'authoring/x.ts:5',
    ]);
  });
});
