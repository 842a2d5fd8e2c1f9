import type { Page } from '@playwright/test';

/** Drags the component list item of `packageId` onto Puck's root zone, with the real mouse. */
export async function dragOntoCanvas(page: Page, packageId: string): Promise<void> {
  const source = await page.locator(`[data-package-id="${packageId}"]`).first().boundingBox();
  const canvas = await page.locator('[data-puck-dropzone="root:default-zone"]').boundingBox();
  // dnd-kit starts a drag after the pointer moves a few pixels; move in steps as a hand would.
  await page.mouse.move(source!.x + source!.width / 2, source!.y + source!.height / 2);
  await page.mouse.down();
  await page.mouse.move(canvas!.x + canvas!.width / 2, canvas!.y + 40, { steps: 20 });
  await page.mouse.up();
}
