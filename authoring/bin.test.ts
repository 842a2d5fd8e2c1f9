import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { copyExamplePackage, examplePackageDir, removeTempDirs } from './testing/temp-package.js';

afterEach(removeTempDirs);

// The built bin (dist/main.js, what `catalog-schema` runs): `npm test` builds before the suites.
const bin = fileURLToPath(new URL('./dist/main.js', import.meta.url));

function runBin(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the catalog-schema bin, as a real process', () => {
  it('exits 0 on a valid package and on --help, 1 on a failed validation, 2 on a usage error', async () => {
    expect(runBin(['validate'], examplePackageDir)).toEqual({
      code: 0,
      stdout: 'valid: 12 components, 5 collections, 7 variants\n',
      stderr: '',
    });
    expect(runBin(['generate', '--help'], examplePackageDir).code).toBe(0);
    const root = await copyExamplePackage();
    await writeFile(join(root, 'src/source/version.json'), '{ "version": 1 }\n');
    const failed = runBin(['validate', '--format', 'json'], root);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout).diagnostics).toEqual([
      { path: 'src/source/version.json', line: 1, column: 14, code: 'schema-type', message: '/version must be string' },
    ]);
    const usage = runBin(['generate', '--chek'], examplePackageDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("error: unknown option '--chek'");
  });
});
