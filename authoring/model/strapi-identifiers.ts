import { createHash } from 'node:crypto';

/*
 * Strapi 5.54's database identifier shortener (@strapi/database utils/identifiers), ported line by
 * line so that a long name gets exactly Strapi's table or column name: every identifier is at most
 * 55 characters; a longer one has its compressible parts cut and suffixed with 5 hex digits of
 * SHAKE-256 of the part, fixed suffixes take their short form (`links` → `lnk`).
 */

const maxLength = 55;
const hashLength = 5;
const minTokenLength = 3;
const separator = '_';

/** One part of an identifier: a name that may be shortened, or a fixed part with its short form. */
export interface NameToken {
  readonly name: string;
  readonly compressible: boolean;
  readonly shortName?: string;
}

/** Strapi's fixed short forms of suffixes (the Identifiers replacement map). */
const shortNames: Readonly<Record<string, string>> = {
  links: 'lnk',
  order_inv_fk: 'oifk',
  order: 'ord',
  morphs: 'mph',
  index: 'idx',
  inv_fk: 'ifk',
  order_fk: 'ofk',
  id_column_index: 'idix',
  order_index: 'oidx',
  unique: 'uq',
  primary: 'pk',
};

/** `len` hex digits of SHAKE-256 of `data` (Strapi's createHash). */
function hashOf(data: string, len: number): string {
  return createHash('shake256', { outputLength: Math.ceil(len / 2) })
    .update(data)
    .digest('hex')
    .substring(0, len);
}

/** `name` cut to `len` characters, its last five a hash of the whole (Strapi's getShortenedName). */
function shortened(name: string, len: number): string {
  if (name.length <= len) return name;
  if (len < minTokenLength + hashLength) throw new Error(`identifier part too short: ${len} for ${name}`);
  return `${name.substring(0, len - hashLength)}${hashOf(name, hashLength)}`;
}

/** The identifier Strapi builds from `tokens` (its getNameFromTokens, maxLength 55). */
export function identifierFromTokens(tokens: readonly NameToken[]): string {
  const fullLength = tokens.map((token) => (token.compressible ? token.name : (token.shortName ?? token.name)));
  const fullLengthName = fullLength.join(separator);
  if (fullLengthName.length <= maxLength) return fullLengthName;
  const compressible = tokens.filter((token) => token.compressible);
  const incompressibleLength = tokens
    .filter((token) => !token.compressible)
    .reduce((sum, token) => sum + (token.shortName ?? token.name).length, 0);
  const separatorsLength = tokens.length * separator.length - 1;
  const available = maxLength - incompressibleLength - separatorsLength;
  const perToken = Math.floor(available / compressible.length);
  if (incompressibleLength + separatorsLength > maxLength || perToken < minTokenLength) {
    throw new Error('Maximum length is too small to accommodate all tokens');
  }
  let surplus = available % compressible.length;
  const minHashedLength = hashLength + minTokenLength;
  const totalLength = tokens.reduce(
    (total, token) => {
      if (!token.compressible) return total + (token.shortName ?? token.name).length;
      return total + (token.name.length < perToken ? token.name.length : minHashedLength);
    },
    tokens.length * separator.length - 1,
  );
  if (maxLength < totalLength) throw new Error('Maximum length is too small to accommodate all tokens');
  const allocated = new Map<NameToken, number>();
  let deficits: NameToken[] = [];
  for (const token of compressible) {
    if (token.name.length < perToken) {
      surplus += perToken - token.name.length;
      allocated.set(token, token.name.length);
    } else {
      allocated.set(token, perToken);
      deficits.push(token);
    }
  }
  // Surplus goes to the longer parts one character at a time, round after round (as Strapi does).
  let previousSurplus = surplus + 1;
  while (surplus > 0 && deficits.length > 0) {
    deficits = deficits.filter((token) => {
      // Every compressible token was allocated a length above.
      const length = allocated.get(token) ?? 0;
      if (length < token.name.length && surplus > 0) {
        allocated.set(token, length + 1);
        surplus -= 1;
        return length + 1 < token.name.length;
      }
      return false;
    });
    if (surplus === previousSurplus) break;
    previousSurplus = surplus;
  }
  return tokens
    .map((token) => {
      if (token.compressible) return shortened(token.name, allocated.get(token) ?? 0);
      return token.shortName ?? token.name;
    })
    .join(separator);
}

/** The identifier Strapi's `getName(names, { suffix })` builds: the names, then a fixed suffix. */
export function identifier(names: readonly string[], suffix?: string): string {
  const tokens: NameToken[] = names.map((name) => ({ name, compressible: true }));
  if (suffix !== undefined) {
    const shortName = shortNames[suffix];
    tokens.push(
      shortName === undefined
        ? { name: suffix, compressible: false }
        : { name: suffix, compressible: false, shortName },
    );
  }
  return identifierFromTokens(tokens);
}
