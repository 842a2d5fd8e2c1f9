import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogPackage } from '@runtime-component-catalog/contracts';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArtifactsOrigin } from '../../testing/origins/artifacts-origin.js';
import { type PublishTestStack, removePublishTemplate, startPublishTestStack } from './publish-test-stack.js';
import { type PublishTarget, republishArtifact } from './republish-artifact.js';
import type { RepublishStepsError } from './republish-error.js';
import { RepublishError } from './republish-error.js';
import { stampRepublish } from './stamp-republish.js';

const callout: CatalogPackage = {
  id: 'callout1',
  label: 'Callout',
  package: '@acme/ui-callout1',
  version: '1.0.0',
  category: 'content',
};
const DATA = '/@acme/ui-callout1@1.0.0/data.json';

let stack: PublishTestStack;
let dir: string;
let origin: ArtifactsOrigin;
let target: PublishTarget;

beforeEach(async () => {
  stack = await startPublishTestStack();
  ({ dir, origin, target } = stack);
});
afterEach(() => stack.close());
afterAll(removePublishTemplate);

const entryData = async () =>
  ((await (await fetch(`${target.hostUrl}/api/runtime-catalog/callout1/data.json`)).json()) as { title: string }).title;

describe('republishArtifact', () => {
  it('writes, verifies on the origin, then revalidates: the host serves the new artifact', async () => {
    expect(await entryData()).toBe('Good to know');
    const before = origin.requests(DATA);
    const content = { cmp_variant: 'callout1', tone: 'tip', title: 'New title' };
    const result = await republishArtifact(target, callout, 'data.json', content);
    expect(result).toMatchObject({
      packageId: 'callout1',
      artifact: 'data.json',
      content,
      revalidated: ['data.json'],
      upToDate: false,
    });
    // The publishing tool's steps, in order: the manifest check, upload, verify, then revalidate.
    expect(result.steps.map((step) => step.step)).toEqual(['artifact', 'upload', 'verify', 'revalidate']);
    expect(result.steps.at(-1)?.text).toBe('revalidate: data.json → 200 (runtime-artifact:callout1:data.json)');
    expect(origin.requests(DATA)).toBe(before + 1); // the verification read
    expect(JSON.parse(await readFile(join(dir, '@acme/ui-callout1@1.0.0/data.json'), 'utf8'))).toEqual(result.content);
    expect(await entryData()).toBe('New title');
  });

  it('without content, republishes the current artifact with a visible change', async () => {
    const first = await republishArtifact(target, callout, 'data.json');
    expect(first.content.title).toBe('Good to know (republished 1)');
    expect(first.content).toMatchObject({ cmp_variant: 'callout1', tone: 'info' });
    const second = await republishArtifact(target, callout, 'data.json');
    expect(second.content.title).toBe('Good to know (republished 2)');
    expect((await republishArtifact(target, callout, 'puck.json')).content['x-republish']).toBe(1);
  });

  it('refuses an unknown artifact and content that is not a JSON object, changing nothing', async () => {
    const file = join(dir, '@acme/ui-callout1@1.0.0/data.json');
    const original = await readFile(file, 'utf8');
    await expect(republishArtifact(target, callout, 'index.js', {})).rejects.toMatchObject({
      status: 400,
      message: 'Unknown artifact: index.js (one of descriptor.json, data.json, schema.json, puck.json, meta.json)',
    });
    await expect(republishArtifact(target, callout, 'data.json', [1, 2])).rejects.toMatchObject({
      status: 400,
      message: 'data.json must be a JSON object',
    });
    // data.json must match the package's schema.json: every new instance gets it.
    const wrong = { cmp_variant: 'callout1', tone: 'loud', title: 7 };
    await expect(republishArtifact(target, callout, 'data.json', wrong)).rejects.toMatchObject({
      code: 'invalid-content',
      message:
        'data.json does not match schema.json: /tone must be equal to one of the allowed values; /title must be string',
    });
    // The schema is the one registry:global derives from the component's fields: cmp_variant is required.
    await expect(republishArtifact(target, callout, 'data.json', { tone: 'info', title: 'x' })).rejects.toMatchObject({
      code: 'invalid-content',
      message: "data.json does not match schema.json: / must have required property 'cmp_variant'",
    });
    await expect(
      republishArtifact(target, callout, 'descriptor.json', { name: '@acme/other', version: '1.0.0' }),
    ).rejects.toMatchObject({
      code: 'invalid-content',
      message: 'descriptor.json must name @acme/ui-callout1 1.0.0 (got @acme/other 1.0.0)',
    });
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(origin.requests(DATA)).toBe(0);
  });

  it('fails with the host answer when the revalidation is refused', async () => {
    const error = await republishArtifact({ ...target, secret: 'wrong' }, callout, 'data.json', {
      cmp_variant: 'callout1',
      tone: 'info',
      title: 'x',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RepublishError);
    expect((error as RepublishError).status).toBe(502);
    expect((error as RepublishError).message).toBe(
      'revalidate data.json of callout1: HTTP 401: {"error":"Unauthorized","code":"unauthorized"}; HOST_REVALIDATION_SECRET is not the host\'s REVALIDATION_SECRET (or the host has none): set it, then run publish again once the host answers: nothing verified is uploaded again, and only what is due is revalidated',
    );
    expect((error as RepublishStepsError).steps.map((step) => step.step)).toEqual(['artifact', 'upload', 'verify']);
  });

  it('publishes the same bytes again as up to date: no upload, no revalidation', async () => {
    const same = { cmp_variant: 'callout1', tone: 'tip', title: 'Same' };
    await republishArtifact(target, callout, 'data.json', same);
    const again = await republishArtifact(target, callout, 'data.json', same);
    expect(again).toMatchObject({ revalidated: [], upToDate: true });
    expect(again.steps.map((step) => step.step)).toEqual(['artifact', 'done']);
  });

  it('fails without revalidating when the origin does not serve what was written', async () => {
    origin.fail(DATA, { status: 500 });
    const content = { cmp_variant: 'callout1', tone: 'info', title: 'x' };
    await expect(republishArtifact(target, callout, 'data.json', content)).rejects.toMatchObject({
      status: 502,
      message: `verify data.json: ${origin.url}${DATA} answered HTTP 500; nothing was revalidated`,
    });
  });
});

describe('republishArtifact on a broken store', () => {
  it('refuses data.json when schema.json is not a schema Ajv can compile', async () => {
    const schema = { type: 'object', properties: { title: { type: 'string', pattern: '(' } } };
    await writeFile(join(dir, '@acme/ui-callout1@1.0.0/schema.json'), JSON.stringify(schema));
    await expect(republishArtifact(target, callout, 'data.json', { title: 'x' })).rejects.toMatchObject({
      code: 'invalid-content',
      status: 400,
      message: expect.stringMatching(/^schema\.json is not a usable JSON Schema: .*Invalid regular expression/),
    });
  });

  it('answers 409 for a current artifact that is not JSON, when asked to republish it as it is', async () => {
    await writeFile(join(dir, '@acme/ui-callout1@1.0.0/meta.json'), '{"truncated": ');
    await expect(republishArtifact(target, callout, 'meta.json')).rejects.toMatchObject({
      code: 'unreadable-artifact',
      status: 409,
    });
  });
});

describe('stampRepublish', () => {
  it('marks the display text of data.json, and counts on other artifacts', () => {
    expect(stampRepublish('data.json', { tone: 'info', heading: 'Hi' })).toEqual({
      tone: 'info',
      heading: 'Hi (republished 1)',
    });
    expect(stampRepublish('data.json', { start: 1 })).toEqual({ start: 1, 'x-republish': 1 });
    // cmp_variant names the variant: never the text that changes.
    expect(stampRepublish('data.json', { cmp_variant: 'counter1', start: 1 })).toEqual({
      cmp_variant: 'counter1',
      start: 1,
      'x-republish': 1,
    });
    expect(stampRepublish('data.json', { cmp_variant: 'x1', note: 'Hi' })).toEqual({
      cmp_variant: 'x1',
      note: 'Hi (republished 1)',
    });
    expect(stampRepublish('meta.json', { 'x-republish': 4 })).toEqual({ 'x-republish': 5 });
  });
});
