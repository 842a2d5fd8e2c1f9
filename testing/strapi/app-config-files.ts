import { randomBytes } from 'node:crypto';

// The config/ files of the temporary app, as create-strapi-app writes them (every secret from the
// environment, read through Strapi's `env` helper), and the .env that holds the secrets.

const configBodies: Readonly<Record<string, string>> = {
  database: `({ env }) => ({
  connection: {
    client: 'sqlite',
    connection: { filename: env('DATABASE_FILENAME') },
    useNullAsDefault: true,
  },
})`,
  server: `({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
})`,
  admin: `({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY') },
})`,
  plugins: `({ env }) => ({
  'users-permissions': { config: { jwtSecret: env('JWT_SECRET') } },
})`,
};

/** `config/<name>.js` (CommonJS) or `config/<name>.ts` (compiled with the app): name → file text. */
export function appConfigFiles(language: 'js' | 'ts'): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, body] of Object.entries(configBodies)) {
    const text = language === 'ts' ? `export default ${body};\n` : `module.exports = ${body};\n`;
    files.set(`config/${name}.${language}`, text);
  }
  return files;
}

/** The app's .env: fresh secrets, and the sqlite file inside the app. */
export function appEnvFile(databaseFile: string): string {
  const secret = () => randomBytes(16).toString('base64');
  const lines = [
    `APP_KEYS=${secret()},${secret()}`,
    `API_TOKEN_SALT=${secret()}`,
    `ADMIN_JWT_SECRET=${secret()}`,
    `TRANSFER_TOKEN_SALT=${secret()}`,
    `JWT_SECRET=${secret()}`,
    `ENCRYPTION_KEY=${secret()}`,
    `DATABASE_FILENAME=${databaseFile}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** tsconfig.json of a TypeScript app, as create-strapi-app writes it (compiled into dist/). */
export const appTsconfig = `${JSON.stringify(
  {
    extends: '@strapi/typescript-utils/tsconfigs/server',
    compilerOptions: { outDir: 'dist', rootDir: '.' },
    include: ['./', './**/*.ts', './**/*.js', 'src/**/*.json'],
    exclude: ['node_modules/', 'build/', 'dist/', '.cache/', '.tmp/', 'src/admin/', '**/*.test.*', 'src/plugins/**'],
  },
  null,
  2,
)}\n`;
