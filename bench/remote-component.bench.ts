import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import * as nativeEsbuild from 'esbuild';
import { REMOTE_GRAPH_LIMITS } from '../host/host-app.js';
import { HOST_CONFIG_DEFAULTS } from '../host/host-config.js';
import { EsmUrlPolicy } from '../host/remote/esm-url-policy.js';
import { RemoteCompiler, warmUpCompiler } from '../host/remote/remote-compiler.js';
import { startHostFixture } from '../testing/host/host-fixture.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';
import { type BenchRow, median, reportRow } from './bench-row.js';
import { compareThroughput } from './host-catalog.bench.js';
import type { ThroughputServers } from './throughput-server.js';

const SAMPLES = 9;

/**
 * Cold compile of the sample component through the host (after warm-up; the package is
 * revalidated before each sample, so the graph is fetched and compiled again), against native
 * esbuild compiling the same graph with the same plugin in the same run. Information for users
 * choosing the compiler; no target.
 */
export async function coldCompile(): Promise<BenchRow> {
  const esm = await startEsmOrigin(sampleEsmModules('/esm'));
  const esmOrigin = `${esm.url}/esm`;
  const host = await startHostFixture({ packages: 1, config: { esmOrigin } });
  try {
    await host.writeCatalog({
      ...host.catalog,
      packages: [...host.catalog.packages, { id: 'counter1', label: 'Counter', category: 'x', ...SAMPLE_COMPONENT }],
    });
    const url = `${esmOrigin}/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022`;
    await warmUpCompiler();
    const wasm: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      await host.revalidate({ packageId: 'counter1' });
      const started = performance.now();
      const response = await host.app.request(remoteComponentPath(url));
      await response.text();
      if (response.status !== 200) throw new Error(`bench: compile answered ${response.status}`);
      wasm.push(performance.now() - started);
    }
    const native = new RemoteCompiler(
      new EsmUrlPolicy(esmOrigin),
      { ...REMOTE_GRAPH_LIMITS, fetchTimeoutMs: HOST_CONFIG_DEFAULTS.fetchTimeoutMs },
      { build: nativeEsbuild.build as never, ready: async () => {} },
    );
    const request = {
      url: new URL(url),
      integrity: undefined,
      externals: ['react', 'react/jsx-runtime', '@acme/core'],
    };
    await native.compile(request);
    const nativeTimes: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const started = performance.now();
      await native.compile(request);
      nativeTimes.push(performance.now() - started);
    }
    const [w, n] = [median(wasm), median(nativeTimes)];
    return reportRow(
      `cold compile of the sample component (median of ${SAMPLES})`,
      `${w.toFixed(1)} ms esbuild-wasm`,
      `${n.toFixed(1)} ms native esbuild`,
      w / n,
    );
  } finally {
    await host.close();
    await esm.close();
  }
}

/** A cached compiled module against a static route serving the same bytes (target ≥ 0.8). */
export function cachedModuleThroughput(servers: ThroughputServers): Promise<BenchRow> {
  return compareThroughput(
    servers,
    servers.paths.remote,
    `cached remote component (${servers.bytes.remote} B)`,
    'static route, same bytes',
  );
}
