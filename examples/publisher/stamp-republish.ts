import type { ArtifactName } from '@runtime-component-catalog/contracts';

const STAMP = / \(republished (\d+)\)$/;
/** Props that hold display text, preferred for the visible change (an enum value would break). */
const TEXT_KEYS = ['title', 'heading', 'label', 'text'];
/** Never changed: it names the variant (docs/strapi-pages.md: it must equal the instance's). */
const VARIANT_PROP = 'cmp_variant';

/**
 * The visible change of a republish without new content: data.json's title (else heading,
 * label, text, or its first text prop but cmp_variant) gets ` (republished N)`, N counting up, so new instances
 * show it; the other artifacts (and a data.json without text) get an `x-republish` counter.
 */
export function stampRepublish(artifact: ArtifactName, value: Record<string, unknown>): Record<string, unknown> {
  const next = structuredClone(value);
  if (artifact === 'data.json') {
    const texts = Object.keys(next).filter((name) => name !== VARIANT_PROP && typeof next[name] === 'string');
    const key = TEXT_KEYS.find((name) => texts.includes(name)) ?? texts[0];
    if (key !== undefined) {
      const text = next[key] as string;
      const count = Number(STAMP.exec(text)?.[1] ?? 0) + 1;
      next[key] = `${text.replace(STAMP, '')} (republished ${count})`;
      return next;
    }
  }
  next['x-republish'] = (typeof next['x-republish'] === 'number' ? next['x-republish'] : 0) + 1;
  return next;
}
