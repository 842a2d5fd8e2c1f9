/** The full option keys of a relation and every alias spec 4.4 allows for them. */
const optionAliases: Readonly<Record<string, 'inversedBy' | 'mappedBy'>> = {
  inversedBy: 'inversedBy',
  inv: 'inversedBy',
  ib: 'inversedBy',
  inverse: 'inversedBy',
  mappedBy: 'mappedBy',
  map: 'mappedBy',
  mb: 'mappedBy',
  mapped: 'mappedBy',
};

/** A relation option read from the shorthand: `key=value`, `key:value` or `key(value)`. */
export interface RelationOption {
  readonly key: 'inversedBy' | 'mappedBy';
  readonly value: string;
}

const optionForms = [/^([A-Za-z]+)\s*=\s*(.+)$/, /^([A-Za-z]+)\s*:\s*(.+)$/, /^([A-Za-z]+)\s*\(\s*(.+?)\s*\)$/];

/** Parses one relation option; a string message says what is wrong. */
export function parseRelationOption(text: string): RelationOption | string {
  for (const form of optionForms) {
    const match = form.exec(text);
    if (!match) continue;
    // Both groups are required by each form: they match whenever it does.
    const [, alias = '', value = ''] = match;
    const key = optionAliases[alias];
    if (!key) {
      return `unknown relation option "${alias}" (use inversedBy, inv, ib, inverse, mappedBy, map, mb or mapped)`;
    }
    return { key, value: value.trim() };
  }
  return `relation option "${text}" must be key=value, key:value or key(value)`;
}
