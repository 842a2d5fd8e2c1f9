import type { AuthoringConfig } from '../config/authoring-config.js';
import type { OutputFileSystem } from '../write/output-file-system.js';

/** What every command runs with: the schema package root (absolute), its config and the file system to write through. */
export interface CommandContext {
  readonly root: string;
  readonly config: AuthoringConfig;
  readonly fs: OutputFileSystem;
}
