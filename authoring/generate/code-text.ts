/**
 * Text in generated code (TypeScript and JavaScript): every string that reaches a generated code
 * file goes through one of these, chosen by where it lands. Names and titles come from the
 * sources, or from a compiled schema cache that `generate:types` reads as it is, so none is
 * trusted to be free of quotes, comment ends or line breaks (the house rule: whatever reaches generated code is escaped or refused).
 */

/** A surrogate half without its other half (UTF-8 cannot carry one: it would be written as U+FFFD). */
const loneSurrogate = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

/** Characters a string literal cannot hold as they are. */
const literalUnsafe = new RegExp(`[\\\\'\\u0000-\\u001f\\u007f\\u2028\\u2029]|${loneSurrogate}`, 'g');

/** What a one-line comment cannot hold as it is: its end, line terminators, other controls, `\\` (the escape). */
const commentUnsafe = new RegExp(`\\*/|[\\\\\\u0000-\\u001f\\u007f\\u2028\\u2029]|${loneSurrogate}`, 'g');

const shortEscapes: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function escapeCharacter(character: string): string {
  return shortEscapes[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A single-quoted string literal holding exactly `value`: JSON.stringify's escapes, plus `'`, the
 * line and paragraph separators (U+2028/U+2029) and lone surrogates (which UTF-8 cannot carry).
 */
export function stringLiteral(value: string): string {
  return `'${value.replace(literalUnsafe, escapeCharacter)}'`;
}

/**
 * A one-line doc comment holding `text`. Nothing in it can end the comment or the line: a comment
 * end (star, slash) gets a backslash between the two, line terminators and other control
 * characters become escapes (`\n`, `\u2028`), a backslash is doubled, so the comment reads back
 * to `text` exactly. Quotes stay as they are.
 */
export function docComment(text: string): string {
  return `/** ${text.replace(commentUnsafe, (match) => (match === '*/' ? '*\\/' : escapeCharacter(match)))} */`;
}

/** A valid JavaScript identifier (ASCII): the name itself when it is one. */
const identifierPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A property name in an interface or object literal: the name as it is when it is an identifier
 * (`cmp_variant`), else a string literal (`'x-y'`), so the key is always the name, as data.
 */
export function propertyKey(name: string): string {
  return identifierPattern.test(name) ? name : stringLiteral(name);
}

/**
 * A type name (an interface cannot have a quoted name): characters an identifier cannot hold
 * become `_`, and `_` leads a name that would start with a digit. Names derived from validated
 * ids (`HeroHero1Component`) are identifiers already and pass unchanged.
 */
export function typeIdentifier(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[A-Za-z_$]/.test(cleaned) ? cleaned : `_${cleaned}`;
}
