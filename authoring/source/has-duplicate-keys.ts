function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * Whether some object of `text` (valid JSON) has a key twice. One linear scan, much cheaper than
 * building a syntax tree: the tree is built only for the files where this says yes.
 */
export function hasDuplicateKeys(text: string): boolean {
  const objects: Set<string>[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      let end = index + 1;
      let escaped = false;
      while (end < length) {
        const next = text.charCodeAt(end);
        if (next === 0x5c) {
          escaped = true;
          end += 2;
        } else if (next === 0x22) {
          break;
        } else {
          end += 1;
        }
      }
      let after = end + 1;
      while (after < length && isJsonWhitespace(text.charCodeAt(after))) after += 1;
      if (text.charCodeAt(after) === 0x3a) {
        const key = escaped ? (JSON.parse(text.slice(index, end + 1)) as string) : text.slice(index + 1, end);
        const keys = objects[objects.length - 1];
        if (keys?.has(key)) return true;
        keys?.add(key);
      }
      index = end + 1;
    } else {
      if (code === 0x7b) objects.push(new Set());
      else if (code === 0x7d) objects.pop();
      index += 1;
    }
  }
  return false;
}
