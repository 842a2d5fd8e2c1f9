import ts from 'typescript';

/** Strings that try to break out of every context generated code puts text in (comments, literals, keys). */
export const hostileStrings: readonly string[] = [
  "T*/ import 'evil'; /*",
  '*/ export const pwned = 1; /**',
  'line\u2028separator\u2029paragraph',
  'carriage\rreturn\nline feed\r\nboth',
  // A template literal's syntax, as plain text (not a template here).
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the hostile text
  'back`tick` ${template} `${nested}`',
  `single' double" quotes`,
  'back\\slash\\ and \\u0041 and \\',
  '</script><script>alert(1)</script>',
  'control \u0000 nul \u001b escape \u007f delete',
  'lone \ud800 high and \udc00 low surrogate',
  "'); require('evil'); ('",
];

/** A generated file parsed by the TypeScript compiler, with its syntax errors. */
export interface ParsedCode {
  readonly file: ts.SourceFile;
  readonly syntaxErrors: readonly string[];
}

/** Parses generated code (`.ts` or `.js` by the file name) and lists its syntax errors. */
export function parseGeneratedCode(text: string, fileName = 'generated.ts'): ParsedCode {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const { diagnostics = [] } = ts.transpileModule(text, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, allowJs: true },
  });
  return { file, syntaxErrors: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) };
}

/** One line per top-level statement: its kind and, for declarations, its name (`InterfaceDeclaration Page`). */
export function statementShapes(file: ts.SourceFile): string[] {
  return file.statements.map((statement) => {
    // SyntaxKind has aliases (FirstStatement is VariableStatement): name the kind by its own guard.
    const kind = ts.isVariableStatement(statement) ? 'VariableStatement' : ts.SyntaxKind[statement.kind]!;
    const name = (statement as { name?: ts.Node }).name;
    return name ? `${kind} ${name.getText(file)}` : kind;
  });
}

/** The text of a property name as data: an identifier's name or a string literal's value. */
export function propertyNameText(name: ts.PropertyName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  throw new Error(`unexpected property name kind ${ts.SyntaxKind[name.kind]}`);
}

/** The members of interface `name` as property name (data) → type node. */
export function interfaceMembers(file: ts.SourceFile, name: string): Map<string, ts.TypeNode | undefined> {
  const declaration = file.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  if (!declaration) throw new Error(`no interface ${name}`);
  return new Map(
    declaration.members.map((member) => {
      if (!ts.isPropertySignature(member)) throw new Error(`unexpected member ${ts.SyntaxKind[member.kind]}`);
      return [propertyNameText(member.name), member.type];
    }),
  );
}

/** The string values of a union of string literal types (`'a' | 'b' | null` → a, b). */
export function stringLiteralsOf(type: ts.TypeNode | undefined): string[] {
  if (!type) return [];
  if (ts.isParenthesizedTypeNode(type)) return stringLiteralsOf(type.type);
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(stringLiteralsOf);
  if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return [type.literal.text];
  return [];
}

/** The text of each comment just before `node`, without its `/** ` and ` *\/`. */
export function leadingComments(file: ts.SourceFile, node: ts.Node): string[] {
  const text = file.getFullText();
  return (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []).map((range) =>
    text.slice(range.pos + 4, range.end - 3),
  );
}

/** Reads back text that generated code escaped JavaScript-style (`\\`, `\/`, `\n`, `\r`, `\uXXXX`). */
export function unescapeJs(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) => {
    if (escaped.startsWith('u') && escaped.length === 5)
      return String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', '0': '\0' } as Record<string, string>)[escaped] ?? escaped;
  });
}
