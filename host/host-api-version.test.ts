import { readFileSync } from 'node:fs';
import { HOST_API_VERSION } from '@runtime-component-catalog/contracts';
import { expect, it } from 'vitest';

it('follows the package version', () => {
  const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  expect(HOST_API_VERSION).toBe(packageJson.version);
});
