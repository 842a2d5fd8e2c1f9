import type { ServeReport, ServeRequest } from '../serve-report.js';
import { compileApp, createApp, messageOf, send, stageOf, timed } from './strapi-process.js';
import type { Strapi } from './strapi-surface.js';

// The child that serves a temporary app over HTTP (bundled by esbuild, run by plain node in the
// app, as `strapi start` runs): compile (ts), createStrapi, register and bootstrap, create the
// super admin and a full-access API token through Strapi's own services, listen on the PORT of
// its environment, then send one ServeReport and keep serving. It ends with its parent: when the
// IPC channel closes (the parent exited or was killed), it exits.

const request = JSON.parse(process.argv[2] ?? '{}') as ServeRequest;

process.on('disconnect', () => process.exit(0));

/** The super admin (before listening: Strapi then sees an initialised app) and the API token. */
async function createUsers(strapi: Strapi): Promise<string> {
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  if (!superAdmin) throw new Error('Strapi has no super admin role after bootstrap');
  await strapi.service('admin::user').create({
    email: request.admin.email,
    password: request.admin.password,
    firstname: 'Test',
    lastname: 'Admin',
    isActive: true,
    registrationToken: null,
    roles: [superAdmin.id],
  });
  const token = await strapi.service('admin::api-token').create({
    name: 'catalog tests',
    description: 'full access, made by testing/strapi/strapi-server.ts',
    type: 'full-access',
    kind: 'content-api',
    lifespan: null,
  });
  await createEndUser(strapi);
  return token.accessKey;
}

/** What an editor's end user may do through REST: the page collection, and reading the media library. */
const END_USER_ACTIONS = [
  'api::page.page.find',
  'api::page.page.findOne',
  'api::page.page.create',
  'api::page.page.update',
  'api::page.page.delete',
  'plugin::upload.content-api.find',
];

/** The users-permissions end user, in the Authenticated role with END_USER_ACTIONS (when the package has pages). */
async function createEndUser(strapi: Strapi): Promise<void> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  if (!role) throw new Error('users-permissions has no Authenticated role after bootstrap');
  if (strapi.contentTypes['api::page.page'] !== undefined) {
    for (const action of END_USER_ACTIONS) {
      await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  }
  await strapi.plugin('users-permissions').service('user').add({
    username: 'editor',
    email: request.endUser.email,
    password: request.endUser.password,
    provider: 'local',
    confirmed: true,
    blocked: false,
    role: role.id,
  });
}

async function main(): Promise<void> {
  if (request.language === 'ts') await compileApp(request.appDir);
  const [strapi] = await timed('register', () => createApp(request.appDir, request.language).register());
  await timed('bootstrap', () => strapi.bootstrap());
  const [apiToken] = await timed('users', () => createUsers(strapi));
  await timed('listen', () => strapi.listen());
  await send({ ok: true, apiToken } satisfies ServeReport);
}

main().catch(async (error: unknown) => {
  await send({ ok: false, stage: stageOf(error, 'register'), error: messageOf(error) } satisfies ServeReport);
  process.exit(1);
});
