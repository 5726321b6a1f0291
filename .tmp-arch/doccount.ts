import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
const root = process.argv[2];
const list = process.argv[3] === 'list';
const walk = (d: string): string[] => readdirSync(d).flatMap((n) => { const p = path.join(d, n); return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(n) ? [p] : []; });
let fns = 0, fnsNoDoc = 0, all = 0, allNoDoc = 0, over150 = 0;
const missing: string[] = [];
for (const f of [...walk(path.join(root, 'src')), ...walk(path.join(root, 'server'))]) {
  const text = readFileSync(f, 'utf8');
  if (text.split('\n').length > 150) over150++;
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    const exported = (ts.canHaveModifiers(st) ? ts.getModifiers(st) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const hasDoc = (ts.getLeadingCommentRanges(text, st.getFullStart()) ?? []).some((r) => text.slice(r.pos, r.end).startsWith('/**'));
    let isFn = ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st);
    if (ts.isVariableStatement(st)) isFn = st.declarationList.declarations.some((d) => d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)));
    all++; if (!hasDoc) allNoDoc++;
    if (isFn) { fns++; if (!hasDoc) { fnsNoDoc++; missing.push(`${path.relative(root, f)}:${sf.getLineAndCharacterOfPosition(st.getStart()).line + 1}`); } }
    else if (!hasDoc && list) missing.push(`(decl) ${path.relative(root, f)}:${sf.getLineAndCharacterOfPosition(st.getStart()).line + 1}`);
  }
}
console.log(JSON.stringify({ exportedFunctions: fns, functionsWithoutDoc: fnsNoDoc, exportedDecls: all, declsWithoutDoc: allNoDoc, filesOver150: over150 }));
if (list) console.log(missing.join('\n'));
