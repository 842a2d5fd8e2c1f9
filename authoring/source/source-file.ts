import { type AnyNode, type DocumentNode, type ElementNode, type MemberNode, parse } from '@humanwhocodes/momoa';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import { hasDuplicateKeys } from './has-duplicate-keys.js';
import { type JsonNesting, scanJsonNesting } from './scan-json-nesting.js';

/** A path into a JSON document: object keys and array indexes (like a JSON Pointer, unescaped). */
export type JsonPath = readonly (string | number)[];

/** Which position of a member a diagnostic points at: its key or its value. */
export type PathTarget = 'key' | 'value';

/**
 * The deepest nesting of arrays and objects a source file may have. Schema files need a handful of
 * levels; the cap keeps the recursive parts (momoa, tree walks, ajv) far from the stack limit.
 */
export const maxJsonDepth = 256;

/**
 * One JSON file of the schema package, parsed once with its syntax tree so that any value can be
 * mapped back to `line:column` (momoa keeps locations; JSON.parse does not).
 */
export class SourceFile {
  /** Path relative to the schema package root, with forward slashes. */
  readonly path: string;
  readonly text: string;
  /** The parsed value; undefined when the text is not valid JSON (see `syntaxError`). */
  readonly data: unknown;
  /** Why the file is not JSON: a syntax error, or a file that could not be read as text (see `unreadable`). */
  readonly syntaxError: Diagnostic | undefined;
  #ast: DocumentNode | undefined;

  /**
   * A file that could not be read as text (a folder, too large, not UTF-8, outside the package):
   * it has no text, and `problem` is its one error, reported like a syntax error.
   */
  static unreadable(problem: Diagnostic): SourceFile {
    return new SourceFile(problem.path, '', problem);
  }

  constructor(path: string, text: string, unreadable?: Diagnostic) {
    this.path = path;
    if (unreadable) {
      this.text = '';
      this.data = undefined;
      this.syntaxError = unreadable;
      return;
    }
    // A byte order mark (some editors write one) is not JSON; columns are counted without it.
    this.text = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const nesting = scanJsonNesting(this.text, maxJsonDepth);
    if (nesting.tooDeep) {
      this.data = undefined;
      const message = `nested too deeply: more than ${maxJsonDepth} levels of arrays and objects`;
      this.syntaxError = { path, ...nesting.tooDeep, code: 'json-invalid', message };
      return;
    }
    try {
      // JSON.parse is ten times faster than building the tree; the tree is built on demand.
      this.data = JSON.parse(this.text);
      this.syntaxError = undefined;
    } catch (error) {
      this.data = undefined;
      this.syntaxError = endOfInputError(path, this.text, error, nesting.open) ?? syntaxErrorOf(path, this.text);
    }
  }

  /** The syntax tree (with locations), built the first time a location is needed. */
  #tree(): DocumentNode | undefined {
    if (this.syntaxError) return undefined;
    this.#ast ??= parse(this.text, { mode: 'json', ranges: true });
    return this.#ast;
  }

  /** The syntax node at `path` (the deepest one that exists), or undefined for invalid JSON. */
  node(path: JsonPath, target: PathTarget = 'value'): AnyNode | undefined {
    const tree = this.#tree();
    if (!tree) return undefined;
    let node: AnyNode = tree.body;
    let member: MemberNode | undefined;
    for (const segment of path) {
      member = undefined;
      if (node.type === 'Object') {
        const found: MemberNode | undefined = node.members.findLast(
          (candidate) => candidate.name.type === 'String' && candidate.name.value === String(segment),
        );
        if (!found) return node;
        member = found;
        node = found.value;
      } else {
        const element: ElementNode | undefined = node.type === 'Array' ? node.elements[Number(segment)] : undefined;
        if (element === undefined) return node;
        node = element.value;
      }
    }
    return target === 'key' && member ? member.name : node;
  }

  /** The parsed value at `path` (undefined when absent). */
  valueAt(path: JsonPath): unknown {
    let value: unknown = this.data;
    for (const segment of path) {
      if (typeof value !== 'object' || value === null) return undefined;
      value = (value as Record<string, unknown>)[segment];
    }
    return value;
  }

  /** The 1-based line and column of the value (or key) at `path`. */
  locate(path: JsonPath, target: PathTarget = 'value'): { line: number; column: number } {
    const node = this.node(path, target);
    return node ? { line: node.loc.start.line, column: node.loc.start.column } : { line: 1, column: 1 };
  }

  /** A diagnostic located at `path` of this file. */
  diagnostic(path: JsonPath, code: DiagnosticCode, message: string, target: PathTarget = 'value'): Diagnostic {
    return { path: this.path, ...this.locate(path, target), code, message };
  }

  /** Keys that appear twice in one object (JSON.parse would silently keep the last). */
  duplicateKeys(): Diagnostic[] {
    const tree = this.syntaxError || !hasDuplicateKeys(this.text) ? undefined : this.#tree();
    if (!tree) return [];
    const found: Diagnostic[] = [];
    const visit = (node: AnyNode): void => {
      if (node.type === 'Object') {
        const seen = new Set<string>();
        for (const member of node.members) {
          const name = member.name.type === 'String' ? member.name.value : member.name.name;
          if (seen.has(name)) {
            const { line, column } = member.name.loc.start;
            found.push({
              path: this.path,
              line,
              column,
              code: 'json-duplicate-key',
              message: `duplicate key "${name}"`,
            });
          }
          seen.add(name);
          visit(member.value);
        }
      } else if (node.type === 'Array') {
        for (const element of node.elements) visit(element.value);
      }
    };
    visit(tree.body);
    return found;
  }
}

/** Where `text` stops being JSON, as momoa reports it (JSON.parse's messages carry no line). */
function syntaxErrorOf(path: string, text: string): Diagnostic {
  try {
    parse(text, { mode: 'json' });
    return { path, line: 1, column: 1, code: 'json-invalid', message: 'not valid JSON' };
  } catch (error) {
    const message = (error as Error).message;
    // momoa places "end of input" at 1:1; the end of the text is where the reader stopped.
    const { line = 1, column = 1 } = message.startsWith('Unexpected end of input')
      ? endOf(text)
      : (error as { line?: number; column?: number });
    return { path, line, column, code: 'json-invalid', message: message.replace(/ \(\d+:\d+\)$/, '') };
  }
}

/**
 * The error of a text that is JSON so far but stops early (a truncated file), placed at the end of
 * the text and naming what is left open; undefined when JSON.parse stopped before the end.
 * (momoa places such errors at the last token, e.g. "Unexpected token LBrace" at an open `{`.)
 */
function endOfInputError(
  path: string,
  text: string,
  error: unknown,
  open: JsonNesting['open'],
): Diagnostic | undefined {
  const message = error instanceof Error ? error.message : '';
  // V8: "Unexpected end of JSON input", or "... in JSON at position N" where N may be the end.
  const position = /at position (\d+)/.exec(message)?.[1];
  const atEnd =
    message.includes('end of JSON input') ||
    (position !== undefined && text.slice(Number(position)).trim() === '' && open !== undefined);
  if (!atEnd) return undefined;
  const what =
    open === undefined
      ? ''
      : open.token === 'string'
        ? `: the string at ${open.at.line}:${open.at.column} is not closed`
        : `: ${open.token} at ${open.at.line}:${open.at.column} is not closed`;
  return { path, ...endOf(text), code: 'json-invalid', message: `unexpected end of input${what}` };
}

/** The line and column just after the last character of `text`. */
function endOf(text: string): { line: number; column: number } {
  const lines = text.split('\n');
  return { line: lines.length, column: (lines.at(-1) ?? '').length + 1 };
}
