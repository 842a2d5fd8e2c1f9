/**
 * A type name with its indefinite article, for messages: "an integer", "an enumeration", "a
 * string", and "a uid" (said "you-id").
 */
export function withArticle(type: string): string {
  return `${/^[aeio]/i.test(type) ? 'an' : 'a'} ${type}`;
}
