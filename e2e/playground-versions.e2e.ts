import { expect, type Page, test } from '@playwright/test';
import { Ajv } from 'ajv';
import { insert, openPlayground, playgroundUrl, savedPage } from './support/playground.js';

// Versions over time in the playground (docs/sdk-versions.md): a page saved with hero1 1.0.0;
// hero1 2.0.0 (subtitle renamed tagline, fullHeight removed, eyebrow required, with a migration)
// published into the running playground; the instance keeps rendering and editing with 1.0.0
// until it is upgraded, explicitly; undo; a rollback; offline.

async function playgroundPost(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(playgroundUrl(`/__playground/${path}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const rollbackTo = (to: string) => playgroundPost('rollback', { variant: 'hero1', to });

/** The frame of an instance on the canvas. */
const frame = (page: Page, id: string) => page.locator(`[data-instance-id="${id}"]`);

/** An element of the fields panel (Puck renders the panel twice, one copy hidden, for small screens). */
const inFields = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

test('an instance saved with hero1 1.0.0 renders with 1.0.0 after 2.0.0 is published, upgrades on request, undoes, survives a rollback and reloads offline', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const page = await openPlayground(context, 'versions');
  try {
    const old = await insert(page, 'hero1');
    await page.evaluate(() => window.playground!.saved());
    const saved = (await savedPage(page))!;
    const before = saved.content[0]!;
    expect(before).toMatchObject({ id: old, version: '1.0.0' });
    expect(before.props).toMatchObject({ subtitle: 'Drag, drop, publish.', fullHeight: false });

    const published = await playgroundPost('publish-release', { release: 'hero1-2.0.0' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ published: { variant: 'hero1', version: '2.0.0' } });

    // Reloaded: the 1.0.0 instance renders with 1.0.0's module, marked behind; nothing is saved.
    await page.reload();
    await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
    await expect(frame(page, old)).toHaveAttribute('data-version', '1.0.0');
    await expect(frame(page, old).locator('h1')).toHaveText('Build pages faster');
    await expect(frame(page, old)).toContainText('Drag, drop, publish.');
    const badge = frame(page, old).getByTestId('instance-version');
    await expect(badge).toHaveAttribute('data-status', 'behind');
    await expect(badge).toHaveText('1.0.0 · 1 major behind (catalog 2.0.0), shown with 1.0.0');
    expect(await page.evaluate((id) => window.playground!.versionOf(id), old)).toBe('1.0.0');
    const reloaded = (await savedPage(page))!;
    expect(reloaded.revision).toBe(saved.revision);
    expect(JSON.stringify(reloaded.content[0])).toBe(JSON.stringify(before));

    // Its fields are 1.0.0's: Subtitle, never 2.0.0's Tagline.
    await frame(page, old).click();
    await expect(page.getByRole('textbox', { name: 'Subtitle' })).toHaveValue('Drag, drop, publish.');
    await expect(page.getByRole('textbox', { name: 'Tagline' })).toHaveCount(0);
    await expect(inFields(page, 'instance-version-field')).toHaveAttribute('data-status', 'behind');

    // Upgrade: the preview names each change with its values; accepting saves revision + 1.
    await inFields(page, 'upgrade-instance').click();
    const preview = inFields(page, 'upgrade-preview');
    await expect(preview.locator('[data-change-kind="renamed"]')).toHaveText(
      'renamed subtitle → tagline ("Drag, drop, publish.")',
    );
    await expect(preview.locator('[data-change-kind="removed"]')).toHaveText('removed fullHeight (was false)');
    await expect(preview.locator('[data-change-kind="added"]')).toHaveText('added eyebrow = "Hero"');
    await inFields(page, 'upgrade-accept').click();
    await expect.poll(async () => (await savedPage(page))?.revision).toBe(saved.revision + 1);
    const upgraded = (await savedPage(page))!.content[0]!;
    expect(upgraded.version).toBe('2.0.0');
    const { subtitle, fullHeight: _removed, ...kept } = before.props;
    expect(upgraded.props).toEqual({ ...kept, tagline: subtitle, eyebrow: 'Hero' });
    const schema = await (await fetch(playgroundUrl('/api/runtime-catalog/hero1/schema.json'))).json();
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(upgraded.props), JSON.stringify(validate.errors)).toBe(true);
    await expect(frame(page, old)).toHaveAttribute('data-version', '2.0.0');
    await expect(frame(page, old).getByTestId('instance-version')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Tagline' })).toHaveValue('Drag, drop, publish.');

    // Undo: the old props and version, as one more revision.
    await page.getByRole('button', { name: 'undo' }).click();
    await expect.poll(async () => (await savedPage(page))?.revision).toBe(saved.revision + 2);
    expect(JSON.stringify((await savedPage(page))!.content[0])).toBe(JSON.stringify(before));
    await expect(frame(page, old)).toHaveAttribute('data-version', '1.0.0');

    // The page hook upgrades as accepting the preview does.
    const hooked = await page.evaluate((id) => window.playground!.upgrade(id), old);
    expect(hooked).toEqual({ from: '1.0.0', to: '2.0.0', revision: saved.revision + 3 });

    // Rollback: new inserts are 1.0.0 again; the 2.0.0 instance keeps rendering with 2.0.0.
    const rolledBack = await rollbackTo('1.0.0');
    expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200);
    await page.reload();
    await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
    const fresh = await insert(page, 'hero1');
    await page.evaluate(() => window.playground!.saved());
    await expect(frame(page, fresh)).toHaveAttribute('data-version', '1.0.0');
    await expect(frame(page, old)).toHaveAttribute('data-version', '2.0.0');
    await expect(frame(page, old).getByTestId('instance-version')).toHaveAttribute('data-status', 'ahead');
    expect((await savedPage(page))!.content.map(({ id, version }) => ({ id, version }))).toEqual([
      { id: old, version: '2.0.0' },
      { id: fresh, version: '1.0.0' },
    ]);

    // Offline, both render from the mirror.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
      await expect(frame(page, old)).toHaveAttribute('data-state', 'ready');
      await expect(frame(page, old)).toHaveAttribute('data-version', '2.0.0');
      await expect(frame(page, old)).toContainText('Drag, drop, publish.');
      await expect(frame(page, fresh)).toHaveAttribute('data-state', 'ready');
      await expect(frame(page, fresh)).toHaveAttribute('data-version', '1.0.0');
    } finally {
      await context.setOffline(false);
    }
  } finally {
    // The other tests of the run use hero1 1.0.0 as the catalog's.
    await rollbackTo('1.0.0');
  }
});
