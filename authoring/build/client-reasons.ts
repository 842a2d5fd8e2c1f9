import ts from 'typescript';

/** Why a component must run on the client (spec 4.4 step 7: state, effects, browser APIs, event handlers). */
export type ClientReasonKind = 'hook' | 'browser-api' | 'event-handler' | 'class-component';

/** One use that makes a component a client component, located in its package (1-based). */
export interface ClientReason {
  readonly kind: ClientReasonKind;
  /** What was used: `useState`, `window`, `onClick`, `Component`. */
  readonly name: string;
  /** Relative to the schema package root, forward slashes. */
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

/** What scanning one module finds: its reasons in source order and its module specifiers in source order. */
export interface ModuleScan {
  readonly reasons: readonly ClientReason[];
  readonly imports: readonly string[];
}

/** The browser globals that mark a client component when referenced as identifiers. */
export const browserGlobals: ReadonlySet<string> = new Set([
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
]);

/** React's `use` and every `useX` (hooks are named so by React's rules). */
const hookName = /^use([A-Z0-9]|$)/;
const eventProp = /^on[A-Z]/;
const componentBases = new Set(['Component', 'PureComponent']);

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.ts') || path.endsWith('.mts') || path.endsWith('.cts')) return ts.ScriptKind.TS;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/** Names bound anywhere in the module (variables, parameters, functions, classes, imports). */
function declaredNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const bind = (name: ts.BindingName | undefined): void => {
    if (name === undefined) return;
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) bind(node.name);
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.add(node.name.text);
    else if (ts.isImportClause(node) && node.name) names.add(node.name.text);
    else if (ts.isImportSpecifier(node) || ts.isNamespaceImport(node)) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Whether an identifier is read as a value: not a property name, a declared name, a JSX attribute or a type. */
function isValueReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if (ts.isShorthandPropertyAssignment(parent)) return true;
  if ('name' in parent && (parent as { name?: ts.Node }).name === node) return false;
  if ('propertyName' in parent && (parent as { propertyName?: ts.Node }).propertyName === node) return false;
  if (ts.isJsxAttribute(parent) || ts.isLabeledStatement(parent)) return false;
  // Inside a type (`typeof window` in an annotation) nothing runs; `extends X` is an expression.
  for (let ancestor: ts.Node | undefined = parent; ancestor; ancestor = ancestor.parent) {
    if (ts.isTypeNode(ancestor) && !ts.isExpressionWithTypeArguments(ancestor)) return false;
  }
  return true;
}

/** The relative module a node loads at run time, if any (`import`, `export … from`, `import()`, `require()`). */
function moduleSpecifier(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node)) {
    if (node.importClause?.isTypeOnly) return undefined;
    return ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly || node.moduleSpecifier === undefined) return undefined;
    return ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
  }
  const [argument] = ts.isCallExpression(node) && node.arguments.length === 1 ? node.arguments : [];
  if (ts.isCallExpression(node) && argument !== undefined && ts.isStringLiteral(argument)) {
    const dynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
    const require = ts.isIdentifier(node.expression) && node.expression.text === 'require';
    if (dynamicImport || require) return argument.text;
  }
  return undefined;
}

/** The name a call is made through: `useState` for `useState(…)` and `React.useState(…)`. */
function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/**
 * Scans one module's syntax tree (the TypeScript parser; strings and comments are never read as
 * code) for the uses that make a component a client component, and lists what it imports.
 * `path` is the module's path as reported (relative to the schema package root).
 */
export function scanModule(path: string, text: string): ModuleScan {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const declared = declaredNames(source);
  const reasons: ClientReason[] = [];
  const imports: string[] = [];
  const add = (kind: ClientReasonKind, name: string, at: ts.Node): void => {
    const { line, character } = source.getLineAndCharacterOfPosition(at.getStart(source));
    reasons.push({ kind, name, path, line: line + 1, column: character + 1 });
  };
  const visit = (node: ts.Node): void => {
    const specifier = moduleSpecifier(node);
    if (specifier !== undefined) imports.push(specifier);
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name !== undefined && hookName.test(name)) add('hook', name, node);
    } else if (ts.isIdentifier(node)) {
      if (browserGlobals.has(node.text) && !declared.has(node.text) && isValueReference(node))
        add('browser-api', node.text, node);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const value = node.initializer;
      // A string value (`onClick="…"`) is not a handler; `onClick={…}` passes a function along.
      if (eventProp.test(name) && value !== undefined && ts.isJsxExpression(value) && value.expression)
        add('event-handler', name, node);
    } else if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      for (const clause of node.heritageClauses ?? []) {
        if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
        const base = clause.types[0]?.expression;
        const baseName =
          base && ts.isIdentifier(base) ? base.text : base && ts.isPropertyAccessExpression(base) ? base.name.text : '';
        if (componentBases.has(baseName)) add('class-component', baseName, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { reasons, imports };
}

/** `useState at packages/ui-x/src/index.tsx:12:3`: one reason as the CLI prints it. */
export function formatClientReason(reason: ClientReason): string {
  const what = reason.kind === 'class-component' ? `class extends ${reason.name}` : reason.name;
  return `${what} at ${reason.path}:${reason.line}:${reason.column}`;
}
