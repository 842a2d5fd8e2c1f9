import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import type { RemoteCompilerEngine } from '../host/host-config.js';
import { warmUpCompiler } from '../host/remote/compiler-engines.js';
import { type HostFixture, startHostFixture } from '../testing/host/host-fixture.js';
import { startEsmOrigin } from '../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../testing/origins/sample-esm-modules.js';
import { type BenchRow, median, reportRow } from './bench-row.js';
import { compareThroughput } from './host-catalog.bench.js';
import type { ThroughputServers } from './throughput-server.js';

const SAMPLES = 9;

/**
 * Cold compile of the sample component through the host, once per `REMOTE_COMPILER_ENGINE` as
 * the host selects it (the option `remoteCompilerEngine`): two hosts, each started and warmed up,
 * the package revalidated before each sample so that the graph is fetched and compiled again; the
 * samples alternate between the engines. Information for operators choosing the engine
 * (docs/host-compiler.md "Compiler engine"); no target.
 */
export async function coldCompile(): Promise<BenchRow> {
  const esm = await startEsmOrigin(sampleEsmModules('/esm'));
  const esmOrigin = `${esm.url}/esm`;
  const engines: readonly RemoteCompilerEngine[] = ['wasm', 'native'];
  const hosts: HostFixture[] = [];
  try {
    for (const engine of engines) {
      const host = await startHostFixture({ packages: 1, config: { esmOrigin, remoteCompilerEngine: engine } });
      hosts.push(host);
      await host.writeCatalog({
        ...host.catalog,
        packages: [...host.catalog.packages, { id: 'counter1', label: 'Counter', category: 'x', ...SAMPLE_COMPONENT }],
      });
      await warmUpCompiler(engine);
    }
    const url = `${esmOrigin}/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022`;
    const times = engines.map((): number[] => []);
    // One compile each first: the JIT's, not the engines', first-time costs.
    for (let sample = -1; sample < SAMPLES; sample += 1) {
      for (const [index, host] of hosts.entries()) {
        await host.revalidate({ packageId: 'counter1' });
        const started = performance.now();
        const response = await host.app.request(remoteComponentPath(url));
        await response.text();
        if (response.status !== 200) throw new Error(`bench: ${engines[index]} compile answered ${response.status}`);
        if (sample >= 0) times[index]!.push(performance.now() - started);
      }
    }
    const [wasm, native] = times.map(median) as [number, number];
    return reportRow(
      `cold compile of the sample component through the host (median of ${SAMPLES})`,
      `${wasm.toFixed(1)} ms REMOTE_COMPILER_ENGINE=wasm`,
      `${native.toFixed(1)} ms native`,
      wasm / native,
    );
  } finally {
    for (const host of hosts) await host.close();
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
    0.8,
  );
}
