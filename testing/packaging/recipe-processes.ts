import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** A finished command: its exit code and what it printed (stdout and stderr, as they came). */
export interface CommandResult {
  readonly code: number | null;
  readonly output: string;
}

/** A server a recipe started, listening on 127.0.0.1. */
export interface RecipeServer {
  /** Group 1 of the ready pattern: the server's URL. */
  readonly url: string;
  /** What it printed so far. */
  output(): string;
  /** SIGTERM to its process group, then SIGKILL to what is left; resolves once the group leader has exited. */
  stop(): Promise<void>;
}

/** How long a stopped server gets to exit on SIGTERM before the rest of its group is killed. */
const STOP_BUDGET_MS = 10_000;

/**
 * The processes a recipe test starts, each the leader of a process group of its own: npm runs a
 * recipe's scripts in a shell, which starts webpack or next, so a signal goes to the whole group,
 * and `killAll()` (afterAll) leaves nothing running, whatever a test gave up on.
 */
export class RecipeProcesses {
  readonly #children = new Set<ChildProcess>();
  /** Every child's whole environment: nothing of the test runner's own (vitest sets NODE_ENV=test). */
  readonly #env: Readonly<Record<string, string>>;

  constructor(env: Readonly<Record<string, string>>) {
    this.#env = env;
  }

  /** Runs `command args` in `cwd` to its end, with `env` added to the environment. */
  async run(
    command: string,
    args: readonly string[],
    cwd: string,
    env: Readonly<Record<string, string>> = {},
  ): Promise<CommandResult> {
    const { child, output } = this.#start(command, args, cwd, env);
    // 'close', not 'exit': every byte of both pipes has been read by then.
    const [code] = (await once(child, 'close')) as [number | null];
    return { code, output: output() };
  }

  /**
   * Starts a server and resolves once its output matches `ready` (group 1: its URL); rejects with
   * what it printed if it exits first.
   */
  async serve(
    command: string,
    args: readonly string[],
    cwd: string,
    env: Readonly<Record<string, string>>,
    ready: RegExp,
  ): Promise<RecipeServer> {
    const { child, output, onOutput } = this.#start(command, args, cwd, env);
    const exited = once(child, 'exit');
    const url = await new Promise<string>((resolve, reject) => {
      onOutput(() => {
        const match = ready.exec(output());
        if (match) resolve(match[1]!);
      });
      void exited.then(([code, signal]) =>
        reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before it was ready:\n${output()}`)),
      );
    });
    return {
      url,
      output,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          signalGroup(child, 'SIGTERM');
          const budget = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_BUDGET_MS);
          await exited;
          clearTimeout(budget);
        }
        // A grandchild that outlived its shell (next start's server under npm's sh) goes too.
        signalGroup(child, 'SIGKILL');
      },
    };
  }

  /** SIGKILL to the group of every child still running (a stopped server's group is gone already). */
  killAll(): void {
    for (const child of this.#children) {
      if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGKILL');
    }
  }

  #start(command: string, args: readonly string[], cwd: string, env: Readonly<Record<string, string>>) {
    const child = spawn(command, args, {
      cwd,
      env: { ...this.#env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.#children.add(child);
    let text = '';
    const listeners: (() => void)[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        for (const listener of listeners) listener();
      });
    }
    return { child, output: () => text, onOutput: (listener: () => void) => listeners.push(listener) };
  }
}

/** Signals the process group `child` leads; a group with no process left is not an error. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {}
}
