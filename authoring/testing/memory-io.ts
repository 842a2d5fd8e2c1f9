import type { CliIo } from '../cli/cli-io.js';

/** A CliIo that collects what the CLI writes, for in-process tests. */
export function memoryIo(cwd: string): { io: CliIo; stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    io: {
      cwd,
      stdout: {
        write: (text: string) => {
          out += text;
        },
      },
      stderr: {
        write: (text: string) => {
          err += text;
        },
      },
    },
    stdout: () => out,
    stderr: () => err,
  };
}
