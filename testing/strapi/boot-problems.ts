import type { BootReport } from './boot-report.js';

/**
 * Everything wrong in a boot report, one line each: Strapi's refusal, a query that threw, a link
 * that threw or is not visible from a side. Empty: Strapi booted and every check passed.
 */
export function bootProblems(report: BootReport): string[] {
  if (!report.ok) return [`Strapi refused the app (${report.stage}): ${report.error}`];
  const problems: string[] = [];
  for (const query of report.queries) {
    if (query.error !== undefined) problems.push(`findMany ${query.uid} threw: ${query.error}`);
  }
  for (const link of report.links) {
    const label = `link ${link.source}.${link.path.join('.')} → ${link.target}`;
    if (link.error !== undefined) problems.push(`${label} threw: ${link.error}`);
    else if (!link.forward) problems.push(`${label}: the source row does not show the target row`);
    else if (link.backward === false) {
      problems.push(`${label}: the target row does not show the source row through ${link.inverse}`);
    }
    if (link.leaks.length > 0) {
      problems.push(`${label}: the target row shows through ${link.leaks.join(', ')} too (a shared link table)`);
    }
  }
  return problems;
}
