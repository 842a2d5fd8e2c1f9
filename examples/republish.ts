import { readFile } from 'node:fs/promises';
import type { RepublishErrorBody, RepublishResult } from './publisher/republish-wire.js';

// `npm run example:republish <packageId> [artifact] [--file <json>]`: republishes one artifact of
// the running playground (default data.json) through its publisher API, which writes it to the
// artifacts origin, verifies it and calls POST /api/revalidate with the development secret.
// Without --file the artifact gets a visible change (data.json: "(republished N)" on its first
// text). PLAYGROUND_URL (default http://127.0.0.1:5173) is where `npm start` serves the editor.

const usage = 'usage: npm run example:republish <packageId> [artifact] [--file <artifact.json>]';
const args = process.argv.slice(2);
const fileAt = args.indexOf('--file');
const file = fileAt === -1 ? undefined : args[fileAt + 1];
const positional = fileAt === -1 ? args : args.filter((_, index) => index !== fileAt && index !== fileAt + 1);
const [packageId, artifact = 'data.json'] = positional;
if (packageId === undefined || positional.length > 2 || (fileAt !== -1 && file === undefined)) {
  console.error(usage);
  process.exit(2);
}

let content: unknown;
if (file !== undefined) {
  try {
    content = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    console.error(`error: ${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const base = (process.env.PLAYGROUND_URL ?? 'http://127.0.0.1:5173').replace(/\/$/, '');
const response = await fetch(`${base}/__playground/republish`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ packageId, artifact, content }),
}).catch((error: unknown) => {
  console.error(`error: no playground at ${base} (${String(error)}); start it with npm start, or set PLAYGROUND_URL`);
  process.exit(1);
});
const text = await response.text();
let body: RepublishResult | RepublishErrorBody;
try {
  body = JSON.parse(text);
} catch {
  console.error(
    `error: ${base} answered HTTP ${response.status}, not the playground's publisher API: ${text.slice(0, 200)}`,
  );
  process.exit(1);
}
// The publishing tool's own lines (upload, verify, revalidate), as `catalog-schema publish` prints them.
for (const step of body.steps ?? []) console.log(step.text);
if (!response.ok) {
  console.error(`error: ${'error' in body ? body.error : `HTTP ${response.status}`}`);
  process.exit(1);
}
console.log(`republished ${packageId} ${artifact}`);
