import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Playground, PlaygroundOptions } from './playground-stack.js';
import { buildContracts } from './stack/build-contracts.js';
import { onParentExit } from './stack/parent-exit.js';
import { PlaygroundStartError } from './stack/playground-start-error.js';

// `npm start`: the playground on embedded defaults, no external service. Every part runs on
// 127.0.0.1; ports come from EDITOR_PORT (5173), PORT (the host, 8787), ARTIFACTS_PORT (8788) and
// ESM_PORT (8789), 0 meaning any free port. PLAYGROUND_STATE_DIR (default .playground/) holds the
// two folder stores that every start publishes examples/schema-package's variants into (`artifacts/`,
// which the publisher edits, and `esm/`), and the copy of the last publish (`publish-cache/`).
// PLAYGROUND_PAGE_STORE picks where the editor's pages live: indexeddb (the default), strapi or http.
//
// It stops everything (the host process included, every port freed) on SIGINT, SIGTERM and
// SIGHUP, and when its parent goes away: the start script `exec`s this process, so npm's own
// signals reach it, and npm dying without forwarding one (SIGHUP, SIGKILL) orphans it.

function port(variable: string, fallback: number): number {
  const value = process.env[variable];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!/^\d{1,5}$/.test(value) || parsed > 65535) {
    console.error(`error: ${variable} must be a port number (0-65535), got "${value}"`);
    process.exit(1);
  }
  return parsed;
}

/** The editor's page store (docs/playground.md "On Strapi", "On an HTTP page store"). */
function pageStore(): PlaygroundOptions['pageStore'] {
  const kind = process.env.PLAYGROUND_PAGE_STORE || 'indexeddb';
  // `npm run start:strapi`: pages in a real Strapi on STRAPI_PORT.
  if (kind === 'strapi') return { kind, port: port('STRAPI_PORT', 1337) };
  // The SDK's HTTP page store on the reference CMS (a free port), which the editor reaches through /cms.
  if (kind === 'http' || kind === 'indexeddb') return { kind };
  console.error(`error: PLAYGROUND_PAGE_STORE must be indexeddb, strapi or http, got "${kind}"`);
  process.exit(1);
}

const options = {
  editorPort: port('EDITOR_PORT', 5173),
  hostPort: port('PORT', 8787),
  artifactsPort: port('ARTIFACTS_PORT', 8788),
  esmPort: port('ESM_PORT', 8789),
  secret: process.env.REVALIDATION_SECRET || 'dev-revalidation-secret',
  stateDir: process.env.PLAYGROUND_STATE_DIR || join(fileURLToPath(new URL('../', import.meta.url)), '.playground'),
  log: (line: string) => console.log(line),
  pageStore: pageStore(),
};

// contracts/dist first: the stack imports it (hence its import after the build).
const build = buildContracts();
let playground: Playground | undefined;
let stopping = false;
/**
 * Closes the stack and exits. While it is still starting, exits at once: the host process and
 * esbuild's services stop by themselves when this process goes (their channel to it closes).
 */
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  build.kill();
  await playground?.close();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
onParentExit(() => void stop(0));
process.on('uncaughtException', (error) => {
  console.error(`error: ${error.stack ?? error.message}`);
  void stop(1);
});

playground = await build.done
  .then(() => import('./playground-stack.js'))
  .then(({ startPlayground }) => startPlayground(options))
  .catch((error: unknown) => {
    if (stopping) return new Promise<never>(() => {}); // stop() is exiting
    console.error(`error: ${error instanceof PlaygroundStartError ? error.message : String(error)}`);
    process.exit(1);
  });
console.log(`editor ready at ${playground.editorUrl}`);
void playground.hostExit.then((code) => {
  if (stopping) return;
  console.error(`error: the host exited with code ${code}`);
  void stop(code === 0 ? 1 : code);
});
