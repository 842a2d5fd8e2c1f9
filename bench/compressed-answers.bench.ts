import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../host/routes/compressed-bodies.js';
import { startHostFixture } from '../testing/host/host-fixture.js';
import { type BenchRow, median, ratioTarget, reportRow } from './bench-row.js';
import { startThroughputServers } from './host-catalog.bench.js';
import { runLoad } from './load-generator.js';
import { cpuNsOf } from './process-cpu.js';

// Compressed answers (docs/compression.md): the bytes of the whole catalog and of one entry in
// each coding, and the CPU time of a warm compressed entry against a plain one.

const CODINGS = ['gzip', 'br'] as const;

/**
 * Bytes of the whole catalog of 1,000 packages and of one of its entries, plain and in each
 * coding (reports, the ratio compressed over plain), in process; with the time of the first
 * compressed answer of the whole catalog (its one compression) against a warm plain answer.
 */
export async function compressedBytes(): Promise<BenchRow[]> {
  const host = await startHostFixture({ packages: 1_000 });
  try {
    const rows: BenchRow[] = [];
    for (const [label, path] of [
      ['whole catalog, 1,000 packages', '/api/runtime-catalog'],
      ['one entry of it', '/api/runtime-catalog/pkg0'],
    ] as const) {
      const answer = async (coding?: string) => {
        const started = performance.now();
        const response = await host.app.request(path, coding ? { headers: { 'accept-encoding': coding } } : {});
        const bytes = (await response.arrayBuffer()).byteLength;
        if (response.status !== 200 || response.headers.get('content-encoding') !== (coding ?? null))
          throw new Error(`bench: ${path} answered ${response.status} in ${response.headers.get('content-encoding')}`);
        return { bytes, ms: performance.now() - started };
      };
      await answer(); // the cold build
      const plain = await answer();
      for (const coding of CODINGS) {
        const first = await answer(coding);
        const warm = await answer(coding);
        rows.push(
          reportRow(
            `${label}: bytes in ${coding}`,
            `${first.bytes} B; first answer ${first.ms.toFixed(1)} ms (compressing), then ${warm.ms.toFixed(2)} ms`,
            `${plain.bytes} B plain, ${plain.ms.toFixed(2)} ms warm`,
            first.bytes / plain.bytes,
          ),
        );
      }
    }
    return rows;
  } finally {
    await host.close();
  }
}

/**
 * The chosen brotli quality and gzip level against the costlier ones, on two real bodies of this
 * repository (the sample catalog repeats one package 1,000 times, which no real catalog does): the
 * lock file, 350 KB of JSON, and React DOM's client build, 620 KB of JavaScript, as large as a
 * compiled module gets. Reports: bytes and time of one compression each (the median of 3, after
 * one unmeasured), the ratio the chosen setting's bytes over the other's.
 */
export function compressionLevels(): BenchRow[] {
  const bodies = [
    ['package-lock.json', '../package-lock.json'],
    ['React DOM client build', '../node_modules/react-dom/cjs/react-dom-client.production.js'],
  ] as const;
  const brotli = (quality: number) => (bytes: Buffer) =>
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
  const gzip = (level: number) => (bytes: Buffer) => gzipSync(bytes, { level });
  const measure = (bytes: Buffer, compress: (bytes: Buffer) => Buffer) => {
    const size = compress(bytes).length;
    const times = [1, 2, 3].map(() => {
      const started = performance.now();
      compress(bytes);
      return performance.now() - started;
    });
    return { size, ms: median(times) };
  };
  const rows: BenchRow[] = [];
  for (const [label, path] of bodies) {
    const bytes = readFileSync(fileURLToPath(new URL(path, import.meta.url)));
    const pairs = [
      [`brotli ${BROTLI_QUALITY} against 9`, brotli(BROTLI_QUALITY), brotli(9)],
      [`brotli ${BROTLI_QUALITY} against 11`, brotli(BROTLI_QUALITY), brotli(11)],
      [`gzip ${GZIP_LEVEL} against 9`, gzip(GZIP_LEVEL), gzip(9)],
    ] as const;
    for (const [name, chosen, other] of pairs) {
      const [ours, theirs] = [measure(bytes, chosen), measure(bytes, other)];
      rows.push(
        reportRow(
          `${label} (${bytes.length} B): ${name}`,
          `${ours.size} B in ${ours.ms.toFixed(1)} ms`,
          `${theirs.size} B in ${theirs.ms.toFixed(1)} ms`,
          ours.size / theirs.size,
        ),
      );
    }
  }
  return rows;
}

/** Sessions of {@link compressedEntryCpu} (`BENCH_COMPRESSED_SESSIONS`, default 2), each a fresh process. */
const sessions = Number(process.env.BENCH_COMPRESSED_SESSIONS ?? 2);
/** Windows of a session left out, then measured (multiples of 4: A B B A). */
const WARM_UP_WINDOWS = 8;
const MEASURED_WINDOWS = 32;

/** One window of a second of load, on one of the two requests. */
interface Window {
  readonly target: 0 | 1;
  readonly cpuNs: number;
  readonly requests: number;
}

/**
 * The warm entry asked for in br (what browsers get) against the same entry plain, in CPU time a
 * request of one `throughput-server.ts` host (target ≤ 1.05): both requests go to the same
 * process in windows of a second, A B B A …, so that its drift hits both alike. Each two
 * windows make a ratio (br over plain), each two ratios of opposite order their geometric mean;
 * the row is the median of those over the sessions, each with a fresh process.
 */
export async function compressedEntryCpu(): Promise<BenchRow> {
  const ratios: number[] = [];
  const usPerRequest: [number[], number[]] = [[], []];
  const perSecond: [number[], number[]] = [[], []];
  for (let session = 0; session < sessions; session += 1) {
    const servers = await startThroughputServers(['--no-memory-reducer']);
    try {
      const url = `http://127.0.0.1:${servers.host}${servers.paths.entry}`;
      await expectCoding(url, 'br');
      const windows: Window[] = [];
      for (let index = 0; index < WARM_UP_WINDOWS + MEASURED_WINDOWS; index += 1) {
        const target = index % 4 === 0 || index % 4 === 3 ? 0 : 1;
        const window = await loadWindow(servers.pid, url, target === 0 ? { 'accept-encoding': 'br' } : {});
        if (index >= WARM_UP_WINDOWS) windows.push({ target, ...window });
      }
      const pairRatios: number[] = [];
      for (let index = 0; index + 1 < windows.length; index += 2) {
        const [first, second] = [windows[index]!, windows[index + 1]!];
        const [br, plain] = first.target === 0 ? [first, second] : [second, first];
        pairRatios.push(br.cpuNs / br.requests / (plain.cpuNs / plain.requests));
      }
      for (let pair = 0; pair + 1 < pairRatios.length; pair += 2)
        ratios.push(Math.sqrt(pairRatios[pair]! * pairRatios[pair + 1]!));
      for (const window of windows) {
        usPerRequest[window.target].push(window.cpuNs / 1_000 / window.requests);
        perSecond[window.target].push(window.requests);
      }
    } finally {
      servers.stop();
    }
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const middleHalf = `${sorted[Math.floor(sorted.length / 4)]!.toFixed(3)} to ${sorted[Math.ceil((3 * sorted.length) / 4) - 1]!.toFixed(3)}`;
  const ratio = median(ratios);
  return {
    name: `warm entry in br against plain (CPU time a request, median of ${ratios.length} pairs of windows of 1 s, ${sessions} processes)`,
    measured: `${median(usPerRequest[0]).toFixed(1)} µs CPU a request, ${Math.round(median(perSecond[0]))} req/s; middle half of the pairs ${middleHalf}`,
    baseline: `${median(usPerRequest[1]).toFixed(1)} µs, ${Math.round(median(perSecond[1]))} req/s plain`,
    ratio,
    // About ±4 points from run to run (docs/compression.md): a ratio within it of the target counts as met.
    ...ratioTarget(ratio, { at: 'most', value: 1.05, resolution: 0.04 }),
  };
}

/** Throws unless `url` answers in `coding` when it is accepted (the load would measure nothing). */
async function expectCoding(url: string, coding: string): Promise<void> {
  const found = await new Promise<string | undefined>((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': coding } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.headers['content-encoding']));
    });
    request.on('error', reject);
    request.end();
  });
  if (found !== coding) throw new Error(`bench: ${url} answered in ${found ?? 'plain'}, not ${coding}`);
}

/**
 * One window: autocannon on core 0 for a second against `url` with `headers` (10 connections, 4
 * pipelined requests each, as load-generator.ts), and the CPU time process `pid` spent meanwhile.
 */
async function loadWindow(pid: number, url: string, headers: Record<string, string>): Promise<Omit<Window, 'target'>> {
  const before = cpuNsOf(pid);
  const result = await runLoad(url, { seconds: 1, headers });
  const cpuNs = cpuNsOf(pid) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`bench: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { cpuNs, requests: result.requests.total };
}
