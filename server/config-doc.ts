import { DOCS } from './config.ts';

/**
 * docs/configuration.md as generated from server/config.ts's settings and their lines (DOCS):
 * `configurationDoc`, written by `npm run docs:config`; a unit test keeps the page equal.
 */

/** docs/configuration.md as generated from the schema: one table per group. */
export function configurationDoc(): string {
  const groups = new Map<string, string[]>();
  for (const [name, d] of DOCS) {
    const rows = groups.get(d.group) ?? [];
    rows.push(`| \`${name}\` | ${d.expected} | ${d.fallback} | ${d.doc} |`);
    groups.set(d.group, rows);
  }
  const head = [
    '# Configuration',
    '',
    'Generated from `server/config.ts` by `npm run docs:config`; a unit test keeps the two equal.',
    '',
    'Every setting is an environment variable, read once at start. A value that cannot be read stops the',
    'start with one JSON line: `{"level":"fatal",…,"variable","problem","expected","msg"}` and exit code 1.',
    'Yes/no values accept `1`/`0`, `true`/`false`, `yes`/`no`, `on`/`off` (any case); anything else is refused.',
    'A blank value counts as unset.',
  ];
  const body = [...groups].flatMap(([group, rows]) => [
    '',
    `## ${group}`,
    '',
    '| variable | expected | default | what it does |',
    '|---|---|---|---|',
    ...rows,
  ]);
  return [...head, ...body, ''].join('\n');
}
