/*
 * What a stock Strapi 5.54 application already has before any schema package is added: its content
 * types, database tables and content-API routes. Stock means `@strapi/strapi@5.54.0` (admin, core
 * and the plugins it always loads: upload, i18n, content-releases, review-workflows, email,
 * content-manager, content-type-builder) plus `@strapi/plugin-users-permissions@5.54.0`, which
 * create-strapi-app installs. Read from a booted app (sqlite): `strapi.contentTypes`, the tables of
 * `strapi.db.metadata` and sqlite_master, and `strapi.server.listRoutes()` under `/api`.
 * Enterprise-only tables (audit logs, the review-workflow link tables it adds to content types)
 * are not listed.
 */

/** A content type Strapi or one of its stock plugins defines. */
export interface StockContentType {
  readonly uid: string;
  readonly singularName: string;
  readonly pluralName: string;
  /** Its table. */
  readonly collectionName: string;
}

/** Who a stock uid, table or route belongs to, for messages. */
export function stockOwnerOf(uid: string): string {
  if (uid.startsWith('admin::')) return 'Strapi admin';
  const plugin = /^plugin::([^.]+)/.exec(uid)?.[1];
  return plugin ? `the ${plugin} plugin` : 'Strapi core';
}

/** Every stock content type (`strapi.contentTypes`), in Strapi's order: uid, singular, plural, table. */
export const stockContentTypes: readonly StockContentType[] = (
  [
    ['plugin::upload.file', 'file', 'files', 'files'],
    ['plugin::upload.folder', 'folder', 'folders', 'upload_folders'],
    ['plugin::i18n.locale', 'locale', 'locales', 'i18n_locale'],
    ['plugin::content-releases.release', 'release', 'releases', 'strapi_releases'],
    ['plugin::content-releases.release-action', 'release-action', 'release-actions', 'strapi_release_actions'],
    ['plugin::review-workflows.workflow', 'workflow', 'workflows', 'strapi_workflows'],
    ['plugin::review-workflows.workflow-stage', 'workflow-stage', 'workflow-stages', 'strapi_workflows_stages'],
    ['plugin::users-permissions.permission', 'permission', 'permissions', 'up_permissions'],
    ['plugin::users-permissions.role', 'role', 'roles', 'up_roles'],
    ['plugin::users-permissions.user', 'user', 'users', 'up_users'],
    ['admin::permission', 'permission', 'permissions', 'admin_permissions'],
    ['admin::user', 'user', 'users', 'admin_users'],
    ['admin::role', 'role', 'roles', 'admin_roles'],
    ['admin::api-token', 'api-token', 'api-tokens', 'strapi_api_tokens'],
    ['admin::api-token-permission', 'api-token-permission', 'api-token-permissions', 'strapi_api_token_permissions'],
    ['admin::transfer-token', 'transfer-token', 'transfer-tokens', 'strapi_transfer_tokens'],
    [
      'admin::transfer-token-permission',
      'transfer-token-permission',
      'transfer-token-permissions',
      'strapi_transfer_token_permissions',
    ],
    ['admin::session', 'session', 'sessions', 'strapi_sessions'],
  ] as const
).map(([uid, singularName, pluralName, collectionName]) => ({ uid, singularName, pluralName, collectionName }));

/** Every stock table with its owner (a uid, or what creates it), content-type tables included. */
export const stockTables: ReadonlyMap<string, string> = new Map([
  ...stockContentTypes.map((type): [string, string] => [type.collectionName, type.uid]),
  ['admin_permissions_api_token_lnk', 'admin::permission'],
  ['admin_permissions_role_lnk', 'admin::permission'],
  ['admin_users_roles_lnk', 'admin::user'],
  ['strapi_api_token_permissions_token_lnk', 'admin::api-token-permission'],
  ['strapi_api_tokens_admin_user_owner_lnk', 'admin::api-token'],
  ['strapi_transfer_token_permissions_token_lnk', 'admin::transfer-token-permission'],
  ['files_folder_lnk', 'plugin::upload.file'],
  ['files_related_mph', 'plugin::upload.file'],
  ['upload_folders_parent_lnk', 'plugin::upload.folder'],
  ['strapi_ai_metadata_jobs', 'plugin::upload.ai-metadata-job'],
  ['strapi_ai_localization_jobs', 'plugin::i18n.ai-localization-job'],
  ['strapi_release_actions_release_lnk', 'plugin::content-releases.release-action'],
  ['strapi_workflows_stage_required_to_publish_lnk', 'plugin::review-workflows.workflow'],
  ['strapi_workflows_stages_permissions_lnk', 'plugin::review-workflows.workflow-stage'],
  ['strapi_workflows_stages_workflow_lnk', 'plugin::review-workflows.workflow-stage'],
  ['up_permissions_role_lnk', 'plugin::users-permissions.permission'],
  ['up_users_role_lnk', 'plugin::users-permissions.user'],
  ['strapi_history_versions', 'plugin::content-manager.history-version'],
  ['strapi_core_store_settings', 'strapi::core-store'],
  ['strapi_webhooks', 'strapi::webhook'],
  ['strapi_database_schema', 'strapi::database'],
  ['strapi_migrations', 'strapi::database'],
  ['strapi_migrations_internal', 'strapi::database'],
]);

/** A content-API route: method and koa-router path (`:param` one segment, `(.*)` the rest). */
export interface StockRoute {
  readonly method: string;
  readonly path: string;
  readonly owner: string;
}

const routes = (owner: string, list: readonly string[]): StockRoute[] =>
  list.map((route) => {
    const [method, path] = route.split(' ') as [string, string];
    return { method, path, owner };
  });

/** Every stock content-API route (REST prefix `/api`). */
export const stockContentApiRoutes: readonly StockRoute[] = [
  ...routes('plugin::content-type-builder', [
    'GET /api/content-type-builder/content-types',
    'GET /api/content-type-builder/content-types/:uid',
    'GET /api/content-type-builder/components',
    'GET /api/content-type-builder/components/:uid',
  ]),
  ...routes('plugin::email', ['POST /api/email']),
  ...routes('plugin::upload', [
    'POST /api/upload',
    'GET /api/upload/files',
    'GET /api/upload/files/page',
    'GET /api/upload/files/:id',
    'DELETE /api/upload/files/:id',
  ]),
  ...routes('plugin::i18n', ['GET /api/i18n/locales']),
  ...routes('plugin::users-permissions', [
    'GET /api/connect/(.*)',
    'POST /api/auth/local',
    'POST /api/auth/local/register',
    'GET /api/auth/:provider/callback',
    'POST /api/auth/forgot-password',
    'POST /api/auth/reset-password',
    'GET /api/auth/email-confirmation',
    'POST /api/auth/send-email-confirmation',
    'POST /api/auth/change-password',
    'POST /api/auth/refresh',
    'POST /api/auth/logout',
    'GET /api/auth/sessions',
    'DELETE /api/auth/sessions/:sessionId',
    'GET /api/users/count',
    'GET /api/users',
    'GET /api/users/me',
    'GET /api/users/:id',
    'POST /api/users',
    'PUT /api/users/:id',
    'DELETE /api/users/:id',
    'GET /api/users-permissions/roles/:id',
    'GET /api/users-permissions/roles',
    'POST /api/users-permissions/roles',
    'PUT /api/users-permissions/roles/:role',
    'DELETE /api/users-permissions/roles/:role',
    'GET /api/users-permissions/permissions',
  ]),
];
