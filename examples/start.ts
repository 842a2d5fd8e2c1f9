import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PlaygroundStartError, startPlayground } from './playground-stack.js';

// `npm start`: the playground on embedded defaults, no external service. Every part runs on
// 127.0.0.1; ports come from EDITOR_PORT (5173), PORT (the host, 8787), ARTIFACTS_PORT (8788) and
// ESM_PORT (8789), 0 meaning any free port. PLAYGROUND_STATE_DIR (default .playground/) holds the
// working copy of the artifacts that the publisher edits. Ctrl-C stops everything.

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

const options = {
  editorPort: port('EDITOR_PORT', 5173),
  hostPort: port('PORT', 8787),
  artifactsPort: port('ARTIFACTS_PORT', 8788),
  esmPort: port('ESM_PORT', 8789),
  secret: process.env.REVALIDATION_SECRET || 'dev-revalidation-secret',
  stateDir: process.env.PLAYGROUND_STATE_DIR || join(fileURLToPath(new URL('../', import.meta.url)), '.playground'),
  log: (line: string) => console.log(line),
};

const playground = await startPlayground(options).catch((error: unknown) => {
  console.error(`error: ${error instanceof PlaygroundStartError ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`editor ready at ${playground.editorUrl}`);

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await playground.close();
  process.exit(code);
}
void playground.hostExit.then((code) => {
  if (stopping) return;
  console.error(`error: the host exited with code ${code}`);
  void stop(code === 0 ? 1 : code);
});
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0)); // the terminal went away
process.on('uncaughtException', (error) => {
  console.error(`error: ${error.stack ?? error.message}`);
  void stop(1);
});
