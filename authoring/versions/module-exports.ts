import ts from 'typescript';

/**
 * The names a built ES module exports, read on its syntax tree: `export { a, b as c }`,
 * `export const`, `export function`, `export class`, `export default`. `export *` names nothing here.
 */
export function moduleExportNames(text: string): Set<string> {
  const source = ts.createSourceFile('module.mjs', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    } else if (ts.isExportAssignment(statement)) {
      names.add('default');
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
        }
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
        names.add(statement.name.text);
      }
    }
  }
  return names;
}
