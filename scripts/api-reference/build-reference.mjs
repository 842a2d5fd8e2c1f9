// One TypeDoc conversion of every entry of the API reference (docs/reference.md): the entries
// share one TypeScript program, so a type that one entry exports and another uses is documented
// once and linked; the options that every entry shares are the root typedoc.config.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Application, Logger, LogLevel } from 'typedoc';
import ts from 'typescript';

/** @typedef {import('./reference-entries.mjs').ReferenceEntry} ReferenceEntry */
/** @typedef {{ ok: boolean, messages: string[] }} ReferenceResult */

/**
 * The program the entries are read in. Each folder's own tsconfig type-checks it (`npm test`);
 * TypeDoc only reads declarations and comments, so one program with both runtimes' libraries
 * serves every entry, and our packages resolve to their sources rather than their builds.
 *
 * @param {string} root
 * @param {readonly ReferenceEntry[]} entries
 */
function programOf(root, entries) {
  const base = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.base.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (base === undefined) throw new Error('tsconfig.base.json: not readable');
  const paths = Object.fromEntries(entries.map(({ importPath, source }) => [importPath, [resolve(root, source)]]));
  return ts.createProgram({
    rootNames: entries.map(({ source }) => resolve(root, source)),
    options: {
      ...base.options,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      jsx: ts.JsxEmit.ReactJSX,
      paths,
      noEmit: true,
    },
  });
}

/**
 * The name of the package that owns `file`: TypeDoc attributes every symbol to the package.json
 * nearest its file and requires documentation from the packages named to it, so the packages of
 * the entries (the workspace root's, for an entry outside a package folder) are named.
 *
 * @param {string} file
 * @returns {string}
 */
function packageNameOf(file) {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).name;
    if (dirname(folder) === folder) throw new Error(`${file}: no package.json above it`);
  }
}

/** Keeps TypeDoc's warnings and errors for the caller to print or assert. */
class RecordingLogger extends Logger {
  /** @type {string[]} */
  messages = [];

  /**
   * @override
   * @param {string} message
   * @param {LogLevel} level
   */
  log(message, level) {
    if (level >= LogLevel.Warn) this.messages.push(message);
  }
}

/**
 * TypeDoc's validation, with `notExported` run once per package: TypeDoc checks only the types of
 * the project's own package (`project.packageName`), and this project holds several. The
 * exceptions of `intentionallyNotExported` name their package (`@scope/pkg/file.ts:Type`).
 *
 * @param {Application} app
 * @param {import('typedoc').ProjectReflection} project
 */
function validateEveryPackage(app, project) {
  const validation = app.options.getValue('validation');
  const only = (/** @type {string} */ check) =>
    /** @type {typeof validation} */ (
      Object.fromEntries(Object.keys(validation).map((name) => [name, name === check]))
    );
  const ownPackage = project.packageName;
  const notExported = app.options.getValue('intentionallyNotExported');
  if (validation.notExported) {
    app.options.setValue('validation', only('notExported'));
    for (const packageName of app.options.getValue('packagesRequiringDocumentation')) {
      project.packageName = packageName;
      // Each pass is told of its own package's exceptions only (the others would be "unused").
      app.options.setValue(
        'intentionallyNotExported',
        notExported.filter((symbol) => symbol.startsWith(`${packageName}/`)),
      );
      app.validate(project);
    }
    project.packageName = ownPackage;
    app.options.setValue('intentionallyNotExported', notExported);
  }
  app.options.setValue('validation', { ...validation, notExported: false });
  app.validate(project);
  app.options.setValue('validation', validation);
}

/**
 * Formats the written Markdown with the repository's formatter, as `npm test`'s lint checks every
 * tracked Markdown file (tables aligned). `out` may be under .tmp/, which git ignores: the
 * formatter is told not to skip what git ignores.
 *
 * @param {string} root
 * @param {string} out
 * @returns {ReferenceResult}
 */
function formatMarkdown(root, out) {
  const biome = spawnSync(
    join(root, 'node_modules/.bin/biome'),
    ['format', '--write', '--vcs-use-ignore-file=false', out],
    { cwd: root, encoding: 'utf8' },
  );
  if (biome.status === 0) return { ok: true, messages: [] };
  return { ok: false, messages: [`biome format ${out} failed:\n${biome.stdout}${biome.stderr}`] };
}

/**
 * Converts `entries`, validates them with typedoc.config.mjs's rules (every export and every
 * property documented, every link resolved, every type a signature names documented) and, only
 * when nothing was reported, writes the Markdown reference into `out` (replacing what it held).
 *
 * @param {{ root: string, entries: readonly ReferenceEntry[], out: string }} request
 * @returns {Promise<ReferenceResult>} `messages`: TypeDoc's warnings and errors, in order
 */
export async function buildReference({ root, entries, out }) {
  const app = await Application.bootstrapWithPlugins({
    options: join(root, 'typedoc.config.mjs'),
    tsconfig: join(root, 'tsconfig.base.json'),
    out,
    packagesRequiringDocumentation: [...new Set(entries.map(({ source }) => packageNameOf(resolve(root, source))))],
  });
  // Option errors were printed by TypeDoc's own logger, which the bootstrap uses.
  if (app.logger.hasErrors()) return { ok: false, messages: ['TypeDoc could not read its options (above)'] };
  const logger = new RecordingLogger();
  app.logger = logger;
  const program = programOf(root, entries);
  const project = app.converter.convert(
    entries.map(({ importPath, source }) => {
      const sourceFile = program.getSourceFile(resolve(root, source));
      if (sourceFile === undefined) throw new Error(`${source}: not found (entry ${importPath})`);
      return { displayName: importPath, program, sourceFile };
    }),
  );
  validateEveryPackage(app, project);
  if (logger.messages.length > 0) return { ok: false, messages: logger.messages };
  await app.generateOutputs(project);
  if (logger.messages.length > 0) return { ok: false, messages: logger.messages };
  return formatMarkdown(root, out);
}
