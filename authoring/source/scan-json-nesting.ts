/** A position in a text, 1-based. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** What one linear pass over a JSON text finds about its nesting (no parsing of values). */
export interface JsonNesting {
  /** Where the nesting first goes deeper than the limit (the bracket that crosses it). */
  readonly tooDeep: TextPosition | undefined;
  /** The innermost `[` or `{` still open at the end of the text, or an open string. */
  readonly open: { readonly token: '[' | '{' | 'string'; readonly at: TextPosition } | undefined;
}

/**
 * Scans `text` once, iteratively, for the depth of `[`/`{` nesting and what is left open at the
 * end. It runs before any recursive parser: momoa (and the tree walks over its result) recurse
 * once per level and overflow the stack on a few thousand levels.
 */
export function scanJsonNesting(text: string, limit: number): JsonNesting {
  const stack: { token: '[' | '{'; at: TextPosition }[] = [];
  let line = 1;
  let lineStart = 0;
  let string: TextPosition | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\n') {
      line++;
      lineStart = index + 1;
      continue;
    }
    if (string) {
      if (char === '\\') index++;
      else if (char === '"') string = undefined;
      continue;
    }
    const at = { line, column: index - lineStart + 1 };
    if (char === '"') string = at;
    else if (char === '[' || char === '{') {
      stack.push({ token: char, at });
      if (stack.length > limit) return { tooDeep: at, open: undefined };
    } else if (char === ']' || char === '}') stack.pop();
  }
  const innermost = stack.at(-1);
  return { tooDeep: undefined, open: string ? { token: 'string', at: string } : innermost };
}
