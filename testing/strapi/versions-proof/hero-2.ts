import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// @acme/ui-hero1 2.0.0 in the package copy: `subtitle` renamed `tagline`, `fullHeight` removed, a
// new `eyebrow` required by the props schema. In the Strapi component `eyebrow` is optional:
// until the contract, the component holds 1.x blocks too, which have none, and an editor must
// still be able to publish a page holding one. The 2.0.0 migration fills it, so every instance
// the store reads after migrate-pages has it (what the props schema asks).
//
// The variant package at 2.0.0 is the playground's release overlay (examples/releases/hero1-2.0.0,
// the one `npm start` publishes on request): the proof and the playground show one 2.0.0. Its
// component source is what rename:field and the declared removal and addition below give.

export const heroSource = 'src/source/components/hero/hero1.json';
const variantDir = 'packages/ui-hero1';
const overlayDir = fileURLToPath(new URL('../../../examples/releases/hero1-2.0.0/', import.meta.url));

async function edit(root: string, path: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(join(root, path), 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error(`${path}: the edit changed nothing`);
  await writeFile(join(root, path), changed);
}

/**
 * The variant package at 2.0.0, copied from the release overlay: version, props schema and
 * defaults (meta.json, data.json), editor fields, the component, and its migrations
 * (`src/migrations.ts`, major 1 to 2: the old subtitle is the tagline; the old full-height flag
 * becomes the eyebrow, `Full height` or `Hero`).
 */
export async function writeVariant2(root: string): Promise<void> {
  await cp(join(overlayDir, variantDir), join(root, variantDir), { recursive: true });
}

/** The release overlay's 2.0.0 component source written into the package copy at `root`. */
export async function writeSource2(root: string): Promise<void> {
  await cp(join(overlayDir, heroSource), join(root, heroSource));
}

/** The 2.0.0 component source of the release overlay. */
export function overlaySource(): Promise<string> {
  return readFile(join(overlayDir, heroSource), 'utf8');
}

/** The component source's part of the change besides the rename: fullHeight declared removed, eyebrow added. */
export function declareRemovalAndAdd(root: string): Promise<void> {
  return edit(root, heroSource, (text) =>
    text
      .replace('"fullHeight": "boolean"', '"fullHeight": { "type": "boolean", "deprecated": true }')
      .replace('"title": "string!",', '"title": "string!",\n    "eyebrow": "string",'),
  );
}

/** The rename done by hand instead of rename:field: the source simply says `tagline` where it said `subtitle`. */
export function renameByHand(root: string): Promise<void> {
  return edit(root, heroSource, (text) => text.replace('"subtitle": "text",', '"tagline": "text",'));
}
