import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostCluster } from '../testing/host/host-cluster.js';
import { startHostProcess } from '../testing/host/host-process.js';
import { launchOnFreePort, type RedisServer, startRedisServer } from '../testing/host/redis-server.js';

// TLS to Redis (docs/deploy.md "Redis over TLS"): `rediss://` and REDIS_TLS_CA_FILE against
// redis-server's TLS port (plain port off), with a CA this test makes with openssl. The host checks
// the server's certificate: without the CA, or with another CA, it does not start.

let dir: string;
let redis: RedisServer;
let url: string;
let ca: string;
let otherCa: string;

/** A CA (key and self-signed certificate) in `dir`, named `name`; answers the certificate's path. */
function makeCa(name: string): string {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.crt`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    ],
    { stdio: 'ignore' },
  );
  return cert;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'redis-tls-'));
  ca = makeCa('test-ca');
  otherCa = makeCa('other-ca');
  // The server's certificate, signed by test-ca, for 127.0.0.1.
  const key = join(dir, 'redis.key');
  const csr = join(dir, 'redis.csr');
  const cert = join(dir, 'redis.crt');
  const extensions = join(dir, 'san.ext');
  await writeFile(extensions, 'subjectAltName=IP:127.0.0.1\n');
  execFileSync(
    'openssl',
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', csr, '-subj', '/CN=127.0.0.1'],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    [
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      ca,
      '-CAkey',
      join(dir, 'test-ca.key'),
      '-CAcreateserial',
      '-out',
      cert,
      '-days',
      '2',
      '-extfile',
      extensions,
    ],
    { stdio: 'ignore' },
  );
  // The TLS port is picked like the server's own: again when another process took it first.
  const started = await launchOnFreePort((tlsPort) =>
    startRedisServer([
      '--port',
      '0',
      '--tls-port',
      String(tlsPort),
      '--tls-cert-file',
      cert,
      '--tls-key-file',
      key,
      '--tls-ca-cert-file',
      ca,
      '--tls-auth-clients',
      'no',
    ]),
  );
  const tlsPort = started.port;
  redis = started.launched;
  url = `rediss://127.0.0.1:${tlsPort}`;
}, 60_000);

afterAll(async () => {
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The environment of a host on this Redis, but for what `env` changes. */
const hostEnv = (env: Record<string, string>) => ({
  PORT: '0',
  CATALOG_SOURCE: 'http://127.0.0.1:9/catalog.json',
  ARTIFACTS_ORIGIN: 'http://127.0.0.1:9',
  ESM_ORIGIN: 'http://127.0.0.1:9/esm',
  REMOTE_COMPILER: 'off',
  REDIS_URL: url,
  ...env,
});

describe('catalog-host with rediss://', () => {
  it('caches in Redis over TLS when REDIS_TLS_CA_FILE names the CA of its certificate', async () => {
    const cluster = await HostCluster.start([url], { REDIS_TLS_CA_FILE: ca });
    try {
      const answer = await fetch(`${cluster.urls[0]}/api/runtime-catalog`);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { entries: unknown[] }).entries).toHaveLength(3);
      const ready = await fetch(`${cluster.urls[0]}/readyz`);
      expect(ready.status).toBe(200);
      const admin = new Redis(url, { tls: { ca: await readFile(ca, 'utf8') } });
      try {
        expect((await admin.keys('runtime-catalog:*')).length).toBeGreaterThan(3);
      } finally {
        admin.disconnect();
      }
    } finally {
      await cluster.close();
    }
  });

  for (const [what, env] of [
    ['without REDIS_TLS_CA_FILE (the system CAs do not know the test CA)', {}],
    ['with REDIS_TLS_CA_FILE naming another CA', { REDIS_TLS_CA_FILE: 'other' }],
  ] as const) {
    it(`does not start ${what}: exit 1, naming the server without credentials`, async () => {
      const caFile: Record<string, string> = 'REDIS_TLS_CA_FILE' in env ? { REDIS_TLS_CA_FILE: otherCa } : {};
      const host = startHostProcess(hostEnv({ REDIS_URL: url.replace('rediss://', 'rediss://:s3cret@'), ...caFile }));
      expect(await host.exited).toBe(1);
      await host.closed;
      const { stdout, stderr } = host.output();
      expect(`${stdout}${stderr}`).toContain(`Cannot connect to Redis at ${url}`);
      expect(`${stdout}${stderr}`).not.toContain('s3cret');
    }, 30_000);
  }

  it('refuses REDIS_TLS_CA_FILE with a redis:// URL, and one naming no file', async () => {
    const plain = startHostProcess(hostEnv({ REDIS_URL: 'redis://127.0.0.1:9', REDIS_TLS_CA_FILE: ca }));
    expect(await plain.exited).toBe(1);
    await plain.closed;
    expect(plain.output().stderr + plain.output().stdout).toContain('REDIS_TLS_CA_FILE needs a REDIS_URL of rediss://');
    const missing = startHostProcess(hostEnv({ REDIS_TLS_CA_FILE: join(dir, 'absent.crt') }));
    expect(await missing.exited).toBe(1);
    await missing.closed;
    expect(missing.output().stderr + missing.output().stdout).toContain(
      `REDIS_TLS_CA_FILE names no file: ${join(dir, 'absent.crt')}`,
    );
  });
});
