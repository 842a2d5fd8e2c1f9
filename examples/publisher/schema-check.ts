import { Worker } from 'node:worker_threads';
import { RepublishError } from './republish-error.js';

/** What schema-check-worker.mjs posts. */
type SchemaCheckMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'invalid-schema'; readonly message: string }
  | { readonly type: 'checked'; readonly problems: readonly string[] };

const WORKER = new URL('./schema-check-worker.mjs', import.meta.url);
/** How long compiling schema.json and validating data.json with it may take. */
export const SCHEMA_CHECK_TIMEOUT_MS = 2_000;

/**
 * The ways `value` does not match `schema` (none: it matches), as `<path> <message>`. A schema's
 * `pattern` runs on a backtracking regex engine, where `^(a+)+$` takes minutes on 40 characters:
 * the check runs in a worker thread, terminated after `timeoutMs` (`validation-timeout`), so no
 * schema can block the event loop. A schema Ajv refuses is `invalid-content`.
 */
export function checkAgainstSchema(
  schema: Record<string, unknown>,
  value: unknown,
  timeoutMs = SCHEMA_CHECK_TIMEOUT_MS,
): Promise<readonly string[]> {
  const worker = new Worker(WORKER, {
    workerData: { schema, value },
    // A schema (at most the body limit) needs little; a runaway one dies here, not in the playground.
    resourceLimits: { maxOldGenerationSizeMb: 64 },
  });
  return new Promise<readonly string[]>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const fail = (error: RepublishError) => {
      clearTimeout(timer);
      void worker.terminate();
      reject(error);
    };
    worker.on('message', (message: SchemaCheckMessage) => {
      if (message.type === 'ready') {
        timer = setTimeout(
          () =>
            fail(
              new RepublishError(
                'validation-timeout',
                `data.json could not be checked against schema.json within ${timeoutMs} ms (a pattern that backtracks?)`,
              ),
            ),
          timeoutMs,
        );
      } else if (message.type === 'invalid-schema') {
        fail(new RepublishError('invalid-content', `schema.json is not a usable JSON Schema: ${message.message}`));
      } else {
        clearTimeout(timer);
        resolve(message.problems);
      }
    });
    worker.once('error', (error) =>
      fail(
        new RepublishError('invalid-content', `schema.json could not be checked: ${error.message}`, { cause: error }),
      ),
    );
    // Exited without an answer (terminated, out of memory): the promise is settled already or now.
    worker.once('exit', (code) =>
      fail(new RepublishError('invalid-content', `schema.json could not be checked (exit code ${code})`)),
    );
  });
}
