import { nodeOutputFileSystem, type OutputFileSystem } from '../write/output-file-system.js';

/** Which call of a FailingFileSystem throws: the nth call (1-based) of `operation` whose path matches. */
export interface FailurePlan {
  readonly operation: 'writeFile' | 'rename' | 'mkdir';
  readonly nth: number;
  readonly pathIncludes?: string;
}

/** The real file system, except that one planned call throws EIO (to test atomicity). */
export function failingFileSystem(plan: FailurePlan): OutputFileSystem & { failed: () => boolean } {
  let calls = 0;
  let failed = false;
  const maybeFail = (operation: FailurePlan['operation'], path: string) => {
    if (operation !== plan.operation || (plan.pathIncludes && !path.includes(plan.pathIncludes))) return;
    calls += 1;
    if (calls === plan.nth) {
      failed = true;
      throw Object.assign(new Error(`EIO: injected failure, ${operation} ${path}`), { code: 'EIO' });
    }
  };
  return {
    failed: () => failed,
    async mkdir(path, options) {
      maybeFail('mkdir', path);
      return nodeOutputFileSystem.mkdir(path, options);
    },
    async writeFile(path, data) {
      maybeFail('writeFile', path);
      return nodeOutputFileSystem.writeFile(path, data);
    },
    readFile: nodeOutputFileSystem.readFile,
    async rename(from, to) {
      maybeFail('rename', from);
      return nodeOutputFileSystem.rename(from, to);
    },
    rm: nodeOutputFileSystem.rm,
  };
}
