import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startArtifactsOrigin } from './origins/artifacts-origin.js';
import { startEsmOrigin } from './origins/esm-origin.js';
import { sampleEsmModules } from './origins/sample-esm-modules.js';

// `npm start`: the embedded defaults, no external service. Starts the local artifacts origin
// (examples/artifacts served over HTTP), a local ESM origin serving the counter1 component in
// esm.sh's shape, and the host process on the bundled catalog. The playground editor joins this
// script with its own issue.

const hostPort = Number(process.env.PORT ?? 8787);
const originPort = Number(process.env.ARTIFACTS_PORT ?? 8788);
const esmPort = Number(process.env.ESM_PORT ?? 8789);
const secret = process.env.REVALIDATION_SECRET ?? 'dev-revalidation-secret';

const origin = await startArtifactsOrigin({
  root: fileURLToPath(new URL('./artifacts', import.meta.url)),
  port: originPort,
}).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `error: port ${originPort} is in use (artifacts origin); set ARTIFACTS_PORT to another port`
      : `error: artifacts origin could not start: ${error.message}`,
  );
  process.exit(1);
});
console.log(`artifacts origin at ${origin.url}`);
const esm = await startEsmOrigin(sampleEsmModules('/esm'), esmPort).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `error: port ${esmPort} is in use (ESM origin); set ESM_PORT to another port`
      : `error: ESM origin could not start: ${error.message}`,
  );
  process.exit(1);
});
console.log(`ESM origin at ${esm.url}/esm`);

const host = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../host/main.ts', import.meta.url))], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(hostPort),
    CATALOG_SOURCE: fileURLToPath(new URL('./catalog.json', import.meta.url)),
    ARTIFACTS_ORIGIN: origin.url,
    ESM_ORIGIN: `${esm.url}/esm`,
    REVALIDATION_SECRET: secret,
  },
});
console.log(`development revalidation secret: ${secret}`);

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  host.kill('SIGTERM');
  await Promise.all([origin.close(), esm.close()]);
  process.exit(code);
}
host.on('exit', (code) => {
  if (!stopping) {
    if (code !== 0) console.error(`error: the host exited with code ${code} (is port ${hostPort} in use? set PORT)`);
    void stop(code ?? 1);
  }
});
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
