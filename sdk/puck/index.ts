/**
 * The Puck adapter: Puck's config, fields and inserts from the catalog (`createPuckAdapter`), and
 * `CatalogEditor`, Puck wired to an editing session.
 *
 * @packageDocumentation
 */

export { CatalogEditor, type CatalogEditorProps } from './catalog-editor.js';
export { type PuckInsertApi, ROOT_ZONE } from './insert-instance.js';
export type { RenderedVersion } from './instance-source.js';
export type { InstanceUpgrade, PuckUpgradeApi } from './instance-upgrade.js';
export { PreviewModeToggle } from './preview-mode-toggle.js';
export { createPuckAdapter, type PuckAdapter, type PuckAdapterOptions } from './puck-adapter.js';
export {
  type FieldIssue,
  JSON_FIELD_TYPES,
  puckFieldsOf,
  summaryOfItem,
  type UnsupportedFieldRenderer,
} from './puck-fields.js';
export { type ComponentSource, RemoteInstance, type RemoteInstanceProps } from './remote-instance.js';
export { SessionStatus } from './session-status.js';
export { VERSION_PROP } from './version-prop.js';
