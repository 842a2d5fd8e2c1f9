/**
 * The Redis server a URL names, for messages: scheme, host, port and database, never the
 * user name or password (`redis://:secret@cache:6380/2` → `redis://cache:6380/2`).
 */
export function redisTarget(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined) return 'an invalid REDIS_URL';
  const port = parsed.port === '' ? '6379' : parsed.port;
  const database = parsed.pathname === '/' || parsed.pathname === '' ? '' : parsed.pathname;
  return `${parsed.protocol}//${parsed.hostname}:${port}${database}`;
}

/** `message` with every occurrence of each secret replaced by `***` (a client library may quote what it was given). */
export function withoutSecrets(message: string, secrets: readonly string[]): string {
  let cleaned = message;
  for (const secret of secrets) cleaned = cleaned.split(secret).join('***');
  return cleaned;
}

/** The password of a Redis URL as written and decoded (both must stay out of messages). */
export function urlSecrets(url: string): string[] {
  const password = URL.canParse(url) ? new URL(url).password : '';
  if (password === '') return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A malformed escape: the password as written is the secret.
  }
  return [...new Set([password, decoded])];
}
