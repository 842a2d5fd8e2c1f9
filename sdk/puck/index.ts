export { CatalogEditor, type CatalogEditorProps } from './catalog-editor.js';
export {
  createPuckAdapter,
  type PuckAdapter,
  type PuckAdapterOptions,
  type PuckInsertApi,
  ROOT_ZONE,
} from './puck-adapter.js';
export {
  type FieldIssue,
  JSON_FIELD_TYPES,
  puckFieldsOf,
  summaryOfItem,
  type UnsupportedFieldRenderer,
} from './puck-fields.js';
export { type ComponentSource, RemoteInstance, type RemoteInstanceProps } from './remote-instance.js';
export { SessionStatus } from './session-status.js';
