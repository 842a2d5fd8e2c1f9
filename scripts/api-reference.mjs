#!/usr/bin/env node
// `npm run docs:reference`: generates the API reference, docs/reference/, from the TSDoc comments
// of every entry of scripts/api-reference/reference-entries.mjs (docs/reference.md).
// `--check` (run by `npm test`): generates it into .tmp/ instead, and fails when TypeDoc reports
// an export or a property without a comment, a broken link or an undocumented type, or when the
// committed docs/reference/ is not what the code generates.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReference } from './api-reference/build-reference.mjs';
import { REFERENCE_COMMAND, REFERENCE_DIR, REFERENCE_ENTRIES } from './api-reference/reference-entries.mjs';
import { treeDifferences } from './api-reference/tree-differences.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const check = process.argv.includes('--check');
const out = join(root, check ? '.tmp/api-reference' : REFERENCE_DIR);

const { ok, messages } = await buildReference({ root, entries: REFERENCE_ENTRIES, out });
if (!ok) {
  console.error(`The API reference was not generated: TypeDoc reports ${messages.length} problem(s):`);
  for (const message of messages) console.error(`  ${message}`);
  console.error(
    `Every export, and every property of an exported type, needs a /** comment */; links must resolve ` +
      `(docs/reference.md). Fix the comments, then run \`${REFERENCE_COMMAND}\`.`,
  );
  process.exit(1);
}
if (!check) {
  console.log(`${REFERENCE_DIR}/ written (${REFERENCE_ENTRIES.length} entries)`);
  process.exit(0);
}
const differences = treeDifferences(out, join(root, REFERENCE_DIR));
if (differences.length > 0) {
  console.error(`${REFERENCE_DIR}/ is not what the code's comments generate:`);
  for (const difference of differences) console.error(`  ${difference}`);
  console.error(`Run \`${REFERENCE_COMMAND}\` and commit ${REFERENCE_DIR}/.`);
  process.exit(1);
}
console.log(`${REFERENCE_DIR}/ matches the code (${REFERENCE_ENTRIES.length} entries, every export documented)`);
