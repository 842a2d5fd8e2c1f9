import type { ChildProcess } from 'node:child_process';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../origins/artifacts-origin.js';
import { artifactPath, sampleCatalog, samplePackage } from '../origins/sample-packages.js';
import { type HostProcess, startHostProcess } from './host-process.js';

/** The revalidation secret of every {@link HostCluster} host. */
export const CLUSTER_SECRET = 'cluster-secret';
/** The entry every read of a {@link HostCluster} asks for. */
export const CLUSTER_ENTRY_PATH = '/api/runtime-catalog/pkg0';
/** The origin path of pkg0's meta.json, which {@link HostCluster.republish} changes. */
export const CLUSTER_META_PATH = artifactPath(samplePackage(0).pkg, 'meta.json');
const metaPath = CLUSTER_META_PATH;

/** A host's answer to the entry. */
export interface EntryAnswer {
  readonly status: number;
  readonly body: { owner?: string; error?: string; code?: string };
}

/** What a {@link HostCluster} has seen so far. */
export interface ClusterCounts {
  /** 200 answers carrying a version older than one whose revalidation answered 200 before the read started. */
  stale: number;
  /** Entry reads answered (any status). */
  reads: number;
  /** Entry reads answered with another status than 200, or not at all. */
  failed: number;
  /** Revalidations answered 200. */
  confirmed: number;
}

/**
 * Test-only: real host processes (host/dist/main.js) with REDIS_URL, in front of one real origin
 * that serves three packages. It republishes pkg0's meta.json with a new `owner` each time and
 * counts stale answers: a read that started after a revalidation of version n answered 200 must
 * show version n or later.
 */
export class HostCluster {
  readonly origin: ArtifactsOrigin;
  readonly hosts: HostProcess[] = [];
  readonly urls: string[] = [];
  readonly counts: ClusterCounts = { stale: 0, reads: 0, failed: 0, confirmed: 0 };
  readonly #children: ChildProcess[] = [];
  #version = 0;
  /** The newest version whose revalidation answered 200. */
  #confirmedVersion = 0;

  private constructor(origin: ArtifactsOrigin) {
    this.origin = origin;
  }

  /** Starts one host process per Redis URL (several hosts may share one), and waits until each listens. */
  static async start(redisUrls: readonly string[], env: Record<string, string> = {}): Promise<HostCluster> {
    const { catalog, objects } = sampleCatalog(3);
    const cluster = new HostCluster(await startArtifactsOrigin({ objects: { ...objects, '/catalog.json': catalog } }));
    try {
      for (const redisUrl of redisUrls) {
        const host = startHostProcess(
          {
            PORT: '0',
            CATALOG_SOURCE: `${cluster.origin.url}/catalog.json`,
            ARTIFACTS_ORIGIN: cluster.origin.url,
            ESM_ORIGIN: `${cluster.origin.url}/esm`,
            REVALIDATION_SECRET: CLUSTER_SECRET,
            REDIS_URL: redisUrl,
            REMOTE_COMPILER: 'off', // no esbuild-wasm process beside each host on this shared machine
            REQUEST_LOG: 'off',
            ...env,
          },
          (child) => cluster.#children.push(child),
        );
        cluster.hosts.push(host);
      }
      cluster.urls.push(...(await Promise.all(cluster.hosts.map((host) => host.listening))));
    } catch (error) {
      await cluster.close();
      throw error;
    }
    return cluster;
  }

  /** How many host processes exited. */
  crashes(): number {
    return this.hosts.filter((host) => host.process.exitCode !== null || host.process.signalCode !== null).length;
  }

  /** The stderr of every host that exited (to explain a crash). */
  crashReport(): string {
    return this.hosts
      .filter((host) => host.process.exitCode !== null)
      .map((host) => host.output().stderr)
      .join('\n---\n');
  }

  /** `GET` the entry on host `url`; a refused or cut connection is status 0. */
  async read(url: string): Promise<EntryAnswer> {
    const floor = this.#confirmedVersion;
    this.counts.reads += 1;
    let response: Response;
    try {
      response = await fetch(`${url}${CLUSTER_ENTRY_PATH}`);
    } catch {
      this.counts.failed += 1;
      return { status: 0, body: {} };
    }
    const body = (await response.json()) as EntryAnswer['body'];
    if (response.status !== 200) this.counts.failed += 1;
    if (response.status === 200 && versionOf(body.owner) < floor) this.counts.stale += 1;
    return { status: response.status, body };
  }

  /** `POST /api/revalidate` of pkg0's meta.json on host `url`; a refused connection is status 0. */
  async revalidate(url: string): Promise<number> {
    const version = this.#version;
    try {
      const response = await fetch(`${url}/api/revalidate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-revalidation-secret': CLUSTER_SECRET },
        body: JSON.stringify({ packageId: 'pkg0', artifact: 'meta.json' }),
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        this.counts.confirmed += 1;
        this.#confirmedVersion = Math.max(this.#confirmedVersion, version);
      }
      return response.status;
    } catch {
      return 0;
    }
  }

  /** Puts the next version of pkg0's meta.json on the origin; returns its owner (`team-v<n>`). */
  republish(): string {
    this.#version += 1;
    const owner = ownerOf(this.#version);
    this.origin.put(metaPath, { ...samplePackage(0).artifacts['meta.json'], owner });
    return owner;
  }

  /** The owner of the newest version whose revalidation answered 200 (what Redis vouched for last). */
  get confirmedOwner(): string {
    return ownerOf(this.#confirmedVersion);
  }

  /** The owner of the newest version on the origin, revalidated or not. */
  get publishedOwner(): string {
    return ownerOf(this.#version);
  }

  /** Republishes and revalidates on `via`; returns the revalidation's status. */
  async republishAndRevalidate(via: string): Promise<number> {
    this.republish();
    return this.revalidate(via);
  }

  /**
   * Reads the entry on every host in a loop (`perHost` at a time) until `stop` resolves;
   * resolves to the number of reads. Every answer is checked for staleness (counts).
   */
  async readUntil(stop: Promise<unknown>, perHost = 2): Promise<number> {
    let done = false;
    void stop.finally(() => {
      done = true;
    });
    let reads = 0;
    const reader = async (url: string) => {
      while (!done) {
        await this.read(url);
        reads += 1;
      }
    };
    await Promise.all(this.urls.flatMap((url) => Array.from({ length: perHost }, () => reader(url))));
    return reads;
  }

  /** Runs `scenario` with readers on every host all along (`perHost` each, as {@link readUntil}). */
  async readWhile(scenario: () => Promise<void>, perHost = 2): Promise<void> {
    let stop!: () => void;
    const reading = this.readUntil(new Promise<void>((resolve) => (stop = resolve)), perHost);
    try {
      await scenario();
    } finally {
      stop();
      await reading;
    }
  }

  /** `GET /readyz` on host `url`: its status and body. */
  async readiness(url: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${url}/readyz`);
    return { status: response.status, body: await response.json() };
  }

  /** `GET /healthz` on host `url`. */
  async health(url: string): Promise<{ ok: boolean; bus?: { listening: boolean; leaseHeld: boolean } }> {
    const response = await fetch(`${url}/healthz`);
    return (await response.json()) as { ok: boolean; bus?: { listening: boolean; leaseHeld: boolean } };
  }

  /** Stops every host (SIGTERM) and resolves to their exit codes; then closes the origin. */
  async stop(): Promise<(number | null)[]> {
    for (const host of this.hosts) if (host.process.exitCode === null) host.process.kill('SIGTERM');
    const codes = await Promise.all(this.hosts.map((host) => host.exited));
    await this.origin.close();
    return codes;
  }

  /** Kills whatever still runs (after a failed test). */
  async close(): Promise<void> {
    for (const child of this.#children) if (child.exitCode === null) child.kill('SIGKILL');
    await this.origin.close().catch(() => undefined);
  }
}

function ownerOf(version: number): string {
  return `team-v${version}`;
}

function versionOf(owner: string | undefined): number {
  const match = /^team-v(\d+)$/.exec(owner ?? '');
  return match ? Number(match[1]) : 0;
}
