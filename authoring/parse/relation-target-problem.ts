const collectionIdPattern = /^[a-z][a-z0-9-]*$/;
const uidPattern = /^(?:(?:api|plugin)::[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*|admin::[a-z][a-z0-9-]*)$/;

/** Why `target` is not a collection id or a full uid (`api::x.x`, `plugin::p.m`, `admin::m`), or undefined. */
export function relationTargetProblem(target: string): string | undefined {
  if (collectionIdPattern.test(target) || uidPattern.test(target)) return undefined;
  return `relation target "${target}" is neither a collection id nor a uid like api::article.article or plugin::users-permissions.user`;
}
