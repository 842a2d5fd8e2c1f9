import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostFixture, startHostFixture, TEST_SECRET } from '../../testing/host/host-fixture.js';
import { MAX_REVALIDATE_BODY_BYTES } from './revalidate-route.js';

let host: HostFixture;
beforeEach(async () => {
  host = await startHostFixture({ packages: 2 });
});
afterEach(async () => {
  await host.close();
});

async function expectAnswer(response: Response, status: number, body: unknown): Promise<void> {
  expect({ status: response.status, body: await response.json() }).toEqual({ status, body });
}

describe('POST /api/revalidate: spec 7 error table, in spec order', () => {
  it('401 without the header, with a wrong secret, or with a case-changed one', async () => {
    await expectAnswer(await host.revalidate({ packageId: 'pkg0' }, null), 401, {
      error: 'Unauthorized',
      code: 'unauthorized',
    });
    await expectAnswer(await host.revalidate({ packageId: 'pkg0' }, 'wrong'), 401, {
      error: 'Unauthorized',
      code: 'unauthorized',
    });
    await expectAnswer(await host.revalidate({ packageId: 'pkg0' }, TEST_SECRET.toUpperCase()), 401, {
      error: 'Unauthorized',
      code: 'unauthorized',
    });
    await expectAnswer(await host.revalidate({ packageId: 'pkg0' }, `${TEST_SECRET}x`), 401, {
      error: 'Unauthorized',
      code: 'unauthorized',
    });
  });

  it('401 for every request when the host secret is unset or empty (spec 5.2)', async () => {
    for (const revalidationSecret of [undefined, '']) {
      await host.close();
      host = await startHostFixture({ config: { revalidationSecret } });
      await expectAnswer(await host.revalidate({ packageId: 'pkg0' }, ''), 401, {
        error: 'Unauthorized',
        code: 'unauthorized',
      });
      await expectAnswer(await host.revalidate({ packageId: 'pkg0' }, null), 401, {
        error: 'Unauthorized',
        code: 'unauthorized',
      });
    }
  });

  it('checks the secret before the body', async () => {
    await expectAnswer(await host.revalidate('not json', 'wrong'), 401, {
      error: 'Unauthorized',
      code: 'unauthorized',
    });
    await expectAnswer(await host.revalidate({ artifact: 'bad' }, 'wrong'), 401, {
      error: 'Unauthorized',
      code: 'unauthorized',
    });
    await expectAnswer(await host.revalidate('x'.repeat(MAX_REVALIDATE_BODY_BYTES + 1), 'wrong'), 401, {
      error: 'Unauthorized',
      code: 'unauthorized',
    });
  });

  it('400 Invalid JSON body for a body that is not JSON', async () => {
    await expectAnswer(await host.revalidate('{"packageId": '), 400, {
      error: 'Invalid JSON body',
      code: 'invalid-json-body',
    });
    await expectAnswer(await host.revalidate(''), 400, { error: 'Invalid JSON body', code: 'invalid-json-body' });
  });

  it('400 packageId is required when it is missing or not a string, before the artifact', async () => {
    for (const body of [{}, { packageId: 7 }, { packageId: null }, [], 'null', '"pkg0"', { artifact: 'nope.json' }]) {
      await expectAnswer(await host.revalidate(body), 400, {
        error: 'packageId is required',
        code: 'package-id-required',
      });
    }
  });

  it('400 Invalid artifact name for a string outside the five names', async () => {
    for (const artifact of ['nope.json', 'DATA.JSON', '', 'data.json ']) {
      await expectAnswer(await host.revalidate({ packageId: 'pkg0', artifact }), 400, {
        error: 'Invalid artifact name',
        code: 'invalid-artifact-name',
      });
    }
  });

  it('413 for a body over 16 KiB, 200 at exactly 16 KiB', async () => {
    const padded = (size: number) => {
      const base = JSON.stringify({ packageId: 'pkg0', pad: '' });
      return JSON.stringify({ packageId: 'pkg0', pad: 'x'.repeat(size - base.length) });
    };
    expect(padded(MAX_REVALIDATE_BODY_BYTES).length).toBe(MAX_REVALIDATE_BODY_BYTES);
    await expectAnswer(await host.revalidate(padded(MAX_REVALIDATE_BODY_BYTES + 1)), 413, {
      error: 'Payload too large',
      code: 'payload-too-large',
    });
    expect((await host.revalidate(padded(MAX_REVALIDATE_BODY_BYTES))).status).toBe(200);
  });

  it('405 with Allow: POST for any other method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await host.app.request('/api/revalidate', { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});

describe('POST /api/revalidate: success (spec 4.2)', () => {
  it('invalidates the artifact tag and answers it', async () => {
    await expectAnswer(await host.revalidate({ packageId: 'pkg0', artifact: 'data.json' }), 200, {
      revalidated: true,
      packageId: 'pkg0',
      artifact: 'data.json',
      tag: 'runtime-artifact:pkg0:data.json',
    });
  });

  it('invalidates the package tag when artifact is absent or not a string', async () => {
    for (const body of [
      { packageId: 'pkg0' },
      { packageId: 'pkg0', artifact: 5 },
      { packageId: 'pkg0', artifact: null },
    ]) {
      await expectAnswer(await host.revalidate(body), 200, {
        revalidated: true,
        packageId: 'pkg0',
        tag: 'runtime-package:pkg0',
      });
    }
  });

  it('accepts any packageId string, known or not', async () => {
    await expectAnswer(await host.revalidate({ packageId: 'not-in-catalog' }), 200, {
      revalidated: true,
      packageId: 'not-in-catalog',
      tag: 'runtime-package:not-in-catalog',
    });
  });

  it('never writes the secret to the log', async () => {
    await host.revalidate({ packageId: 'pkg0' });
    await host.revalidate({ packageId: 'pkg0' }, `${TEST_SECRET}-wrong`);
    await host.revalidate('broken');
    expect(host.logLines.length).toBe(3);
    expect(host.logLines.join('\n')).not.toContain(TEST_SECRET);
  });
});
