import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every failure of authoring/ carries its code on a typed error (AuthoringError, a Diagnostic), and
// every function that gives success or failure gives one Result (result.ts), told apart by `ok`.
// This test keeps the two habits that came before from coming back: a code picked by reading an
// error's message, and results told apart by which keys an object happens to have.

const authoringRoot = fileURLToPath(new URL('./', import.meta.url));

/** The product sources of authoring/: no tests, test helpers, build output or dependencies. */
function productSources(): string[] {
  return readdirSync(authoringRoot, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.case.ts'))
    .filter((path) => !/(^|\/)(node_modules|dist|testing)\//.test(path))
    .sort();
}

const forbidden: readonly { readonly pattern: RegExp; readonly why: string }[] = [
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
    why: 'tells a result from a failure by its keys: return a Result (result.ts) and test `ok`',
  },
];

/** Every forbidden line of `text`, as `path:line: why`. */
function findingsIn(path: string, text: string): string[] {
  const findings: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of forbidden) if (pattern.test(line)) findings.push(`${path}:${index + 1}: ${why}`);
  });
  return findings;
}

describe('authoring error model', () => {
  it('derives no code from message text and tells no result apart by its keys', () => {
    const sources = productSources();
    expect(sources.length).toBeGreaterThan(100);
    const findings = sources.flatMap((path) =>
      findingsIn(relative(authoringRoot, join(authoringRoot, path)), readFileSync(join(authoringRoot, path), 'utf8')),
    );
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
    expect(findingsIn('x.ts', text).map((finding) => finding.split(':').slice(0, 2).join(':'))).toEqual([
      'x.ts:1',
      'x.ts:2',
      'x.ts:3',
      'x.ts:4',
      'x.ts:5',
    ]);
  });
});
