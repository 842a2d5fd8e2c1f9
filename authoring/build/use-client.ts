import ts from 'typescript';

/** The directive that marks a client module (React Server Components); esbuild's `banner` adds it. */
export const useClientBanner = '"use client";';

/**
 * Whether the module's first statement is the `"use client"` directive, read on its syntax tree
 * (comments before it are allowed; anything else before it makes it an ordinary string).
 */
export function startsWithUseClient(text: string): boolean {
  const source = ts.createSourceFile('module.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const first = source.statements[0];
  return (
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use client'
  );
}
