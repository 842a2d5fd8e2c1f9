/**
 * The `catalog-schema` CLI as a library (`runCli`), the schema package's validation and model, and
 * the publishing tool (`publishArtifacts`) for tools that embed them.
 *
 * @packageDocumentation
 */

// The public API of authoring/ (the CLI is the package's bin; these are for tools that embed it).
export { AuthoringError, type AuthoringErrorCode } from './authoring-error.js';
export type { CliIo, TextWriter } from './cli/cli-io.js';
export { type RunCliOptions, runCli } from './cli/run-cli.js';
export type { AuthoringConfig } from './config/authoring-config.js';
export { configFileName, defaultAuthoringConfig } from './config/authoring-config.js';
export type { Diagnostic } from './diagnostics/diagnostic.js';
export { formatDiagnostic } from './diagnostics/diagnostic.js';
export type { DiagnosticCode } from './diagnostics/diagnostic-code.js';
export type { CanonicalModel } from './model/canonical-model.js';
export { compileModel, sourceHash } from './model/compile-model.js';
export type { CompiledSchema } from './model/compiled-schema.js';
export type { CommandResult } from './pipeline/command-result.js';
export { jsonBytes } from './publish/content-hash.js';
export { FolderStore } from './publish/folder-store.js';
export type { ObjectStore } from './publish/object-store.js';
export {
  type ArtifactsPublish,
  type PublishEvent,
  type PublishExtras,
  type PublishedPackage,
  type PublishOptions,
  type PublishStep,
  type PublishTargets,
  publishArtifacts,
} from './publish/publish-artifacts.js';
export type { AttributesSnapshot } from './publish/published-record.js';
export type { HostTarget } from './publish/revalidate-host.js';
export { type ValidatedPackage, validateSchemaPackage } from './validate/validate-schema-package.js';
