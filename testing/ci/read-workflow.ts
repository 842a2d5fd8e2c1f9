import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { basename } from 'node:path';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/index';

/** A `${{ … }}` of the workflow, as the parser reads it (`secrets.X`, or `format('…', …)` for a string around it). */
export class Expression {
  constructor(
    /** The expression without `${{` and `}}`. */
    readonly text: string,
    /** The text the YAML had, for messages. */
    readonly source: string,
  ) {}
}

/** A workflow value as plain data: YAML's scalars, mappings and sequences, and the expressions. */
export type WorkflowValue = string | number | boolean | null | Expression | WorkflowValue[] | WorkflowMapping;

/** A YAML mapping of the workflow. */
export interface WorkflowMapping {
  readonly [key: string]: WorkflowValue;
}

/** One workflow file, read by GitHub's own parser. */
export interface Workflow {
  readonly file: string;
  /** The parser's and the converter's errors (schema, expressions in places that cannot have them, …). */
  readonly errors: readonly string[];
  /** The whole file as plain data. */
  readonly tree: WorkflowMapping;
}

let parser: Promise<typeof import('@actions/workflow-parser')> | undefined;

/** @actions/workflow-parser, loaded once with the hook its JSON imports need on Node (workflow-parser-json-hook.mjs). */
function workflowParser(): Promise<typeof import('@actions/workflow-parser')> {
  if (parser === undefined) {
    register(new URL('./workflow-parser-json-hook.mjs', import.meta.url));
    parser = import('@actions/workflow-parser');
  }
  return parser;
}

function plain(
  token: TemplateToken,
  guards: Pick<
    typeof import('@actions/workflow-parser'),
    'isMapping' | 'isSequence' | 'isBasicExpression' | 'isLiteral'
  >,
): WorkflowValue {
  if (guards.isMapping(token)) {
    const mapping: Record<string, WorkflowValue> = {};
    for (const { key, value } of token) mapping[key.toString()] = plain(value, guards);
    return mapping;
  }
  if (guards.isSequence(token)) return [...token].map((item) => plain(item, guards));
  if (guards.isBasicExpression(token)) return new Expression(token.expression.trim(), token.source ?? token.expression);
  if (guards.isLiteral(token)) return token.toJSON() as string | number | boolean | null;
  throw new Error(`a token the tests do not read: ${token.typeName()}`);
}

/**
 * Reads a workflow with @actions/workflow-parser (GitHub's parser: the workflow schema, where
 * each expression context is allowed) and converts it as GitHub does; `errors` lists what either
 * step refused.
 */
export async function readWorkflow(path: string): Promise<Workflow> {
  return parseWorkflowText(basename(path), await readFile(path, 'utf8'));
}

/** `readWorkflow` for a workflow's text, named `file` in messages. */
export async function parseWorkflowText(file: string, content: string): Promise<Workflow> {
  const { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter, ...guards } = await workflowParser();
  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((error) => error.message);
  if (parsed.value === undefined) return { file, errors: [...errors, 'nothing parsed'], tree: {} };
  const converted = await convertWorkflowTemplate(parsed.context, parsed.value);
  for (const error of converted.errors ?? []) if (!errors.includes(error.Message)) errors.push(error.Message);
  const tree = plain(parsed.value, guards);
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree) || tree instanceof Expression)
    return { file, errors: [...errors, 'not a mapping'], tree: {} };
  return { file, errors, tree };
}
