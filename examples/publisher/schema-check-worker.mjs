// The worker thread of schema-check.ts: compiles a schema.json and validates a data.json with it,
// so that a pattern that backtracks for minutes blocks this thread only, never the playground's
// event loop (schema-check.ts terminates it at its time limit). Plain JavaScript: a worker
// thread gets neither tsx nor vitest's transform.
import { parentPort, workerData } from 'node:worker_threads';
import { Ajv } from 'ajv';

// The time limit counts from here: loading Ajv is not the schema's fault.
parentPort.postMessage({ type: 'ready' });
const { schema, value } = workerData;
let validate;
try {
  validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
} catch (error) {
  parentPort.postMessage({ type: 'invalid-schema', message: error instanceof Error ? error.message : String(error) });
}
if (validate !== undefined) {
  const problems = validate(value)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  parentPort.postMessage({ type: 'checked', problems });
}
