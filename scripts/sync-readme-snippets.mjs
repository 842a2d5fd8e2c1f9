#!/usr/bin/env node
// `npm run readme:snippets`: rewrites each README block that follows a `<!-- snippet: <path> -->`
// marker with the file's current content (testing/readme-snippets.test.ts fails until they agree).
import { readFileSync, writeFileSync } from 'node:fs';

const READMES = ['README.md', 'host/README.md', 'sdk/README.md', 'docs/deploy.md'];
const MARKER = /(<!-- snippet: (\S+) -->\n\n?```\w+\n)[\s\S]*?(```\n)/g;

for (const readme of READMES) {
  const text = readFileSync(readme, 'utf8');
  const synced = text.replace(
    MARKER,
    (_block, opening, path, closing) => opening + readFileSync(path, 'utf8') + closing,
  );
  if (synced !== text) {
    writeFileSync(readme, synced);
    console.log(`updated ${readme}`);
  }
}
