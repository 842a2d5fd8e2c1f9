import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';

/** The file operations every write goes through (tests inject failures here). */
export interface OutputFileSystem {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { recursive: true; force: true }): Promise<void>;
}

/** node:fs/promises. */
export const nodeOutputFileSystem: OutputFileSystem = { mkdir, writeFile, readFile, rename, rm };
