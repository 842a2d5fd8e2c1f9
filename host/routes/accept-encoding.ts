/** A content coding the host compresses cached bodies with. */
export type ContentCoding = 'br' | 'gzip';

/** Distinct `Accept-Encoding` values whose choice is kept; past them, the memo starts over. */
const MEMO_SIZE = 64;

const chosen = new Map<string, ContentCoding | null>();

/**
 * The coding to answer a request with, from its `Accept-Encoding` (RFC 9110 12.5.3): the one of
 * `br` and `gzip` (or its alias `x-gzip`) with the higher weight, `br` on a tie, neither with
 * weight 0; a coding not listed takes the weight of `*`, else 0. Undefined: the plain body (no
 * header, neither coding acceptable; `identity;q=0` is not honoured with a 406, the plain body
 * is answered). Browsers send a handful of distinct values, so each value's choice is kept
 * (bounded): a warm request looks it up instead of parsing.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined;
  let coding = chosen.get(acceptEncoding);
  if (coding === undefined) {
    if (chosen.size >= MEMO_SIZE) chosen.clear();
    coding = choose(acceptEncoding);
    chosen.set(acceptEncoding, coding);
  }
  return coding ?? undefined;
}

function choose(acceptEncoding: string): ContentCoding | null {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const member of acceptEncoding.split(',')) {
    const [rawName = '', ...parameters] = member.split(';');
    const weight = weightOf(parameters);
    if (weight === undefined) continue;
    const name = rawName.trim().toLowerCase();
    if (name === 'br') br ??= weight;
    else if (name === 'gzip' || name === 'x-gzip') gzip ??= weight;
    else if (name === '*') any ??= weight;
  }
  const brWeight = br ?? any ?? 0;
  const gzipWeight = gzip ?? any ?? 0;
  if (brWeight > 0 && brWeight >= gzipWeight) return 'br';
  return gzipWeight > 0 ? 'gzip' : null;
}

/** The `q` of a member's parameters (1 without one); undefined when it is not a weight (the member is ignored). */
function weightOf(parameters: readonly string[]): number | undefined {
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'q') continue;
    const text = value.trim();
    const weight = Number(text);
    return text !== '' && weight >= 0 && weight <= 1 ? weight : undefined;
  }
  return 1;
}
