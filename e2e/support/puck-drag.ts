import type { Page } from '@playwright/test';

/** Gestures {@link dragOntoCanvas} makes before it gives up on Puck starting a drag. */
const DRAG_ATTEMPTS = 5;
/** How long one gesture waits, mouse down, for Puck to start the drag. */
const DRAG_START_MS = 3_000;

/**
 * Drags the component list item of `packageId` onto Puck's root zone, with the real mouse. It
 * lets go over the zone only once Puck has started the drag (its root gets `data-puck-dragging`):
 * on a loaded machine a gesture can come before dnd-kit listens, and its release drops nothing
 * (seen: a test waited in vain for the instance). Such a gesture is released where it began, which
 * drops nothing, and made again. The pointer goes down on the item once it is stable.
 */
export async function dragOntoCanvas(page: Page, packageId: string): Promise<void> {
  const dragging = page.locator('[data-puck-dragging]').first();
  for (let attempt = 1; ; attempt += 1) {
    // hover waits until the item is visible and stable (the list lays out as it loads: a box taken
    // too early put the pointer on the next item), then puts the pointer on it.
    const item = page.locator(`[data-package-id="${packageId}"]`).first();
    await item.hover();
    const source = await item.boundingBox();
    const [x, y] = [source!.x + source!.width / 2, source!.y + source!.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    // dnd-kit starts a drag after the pointer moves a few pixels; move in steps as a hand would.
    await page.mouse.move(x + 12, y + 12, { steps: 6 });
    const started = await dragging
      .waitFor({ state: 'attached', timeout: DRAG_START_MS })
      .then(() => true)
      .catch(() => false);
    if (started) break;
    await page.mouse.move(x, y);
    await page.mouse.up();
    if (attempt === DRAG_ATTEMPTS)
      throw new Error(`Puck started no drag of ${packageId} in ${DRAG_ATTEMPTS} gestures of ${DRAG_START_MS} ms`);
  }
  const canvas = await page.locator('[data-puck-dropzone="root:default-zone"]').boundingBox();
  await page.mouse.move(canvas!.x + canvas!.width / 2, canvas!.y + 40, { steps: 20 });
  await page.mouse.up();
}
