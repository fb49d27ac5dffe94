/**
 * The keyboard journeys of a run, as a reviewer reads them (issue 31): for each route and state,
 * where focus lands after each key a visitor presses, at 1440×900 and at 390×844, side by side;
 * the problems found; and what the crawl cost per project. Written by the conformance report
 * (acr-report.ts, from the global teardown) to reports/journeys/summary.md and summary.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JourneyRecord } from './journeys.ts';

export const JOURNEY_SUMMARY_DIR = 'reports/journeys';

const PROJECTS = ['desktop', 'mobile'] as const;
const VIEWPORT: Record<string, string> = { desktop: '1440×900', mobile: '390×844' };

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The steps of one state at both viewports, aligned on the action (the n-th "Tab" with the n-th "Tab"). */
function rowsOf(records: Partial<Record<string, JourneyRecord>>): { action: string; focus: Record<string, string> }[] {
  const rows: { key: string; action: string; focus: Record<string, string> }[] = [];
  for (const project of PROJECTS) {
    const seen = new Map<string, number>();
    let at = 0;
    for (const step of records[project]?.steps ?? []) {
      const n = (seen.get(step.action) ?? 0) + 1;
      seen.set(step.action, n);
      const key = `${step.action}#${n}`;
      let row = rows.find((r) => r.key === key);
      if (!row) {
        row = { key, action: step.action, focus: {} };
        rows.splice(Math.min(at, rows.length), 0, row);
      }
      at = rows.indexOf(row) + 1;
      row.focus[project] = `${step.focus}${step.problems.length ? ` **✗ ${step.problems.join('; ')}**` : ''}`;
    }
  }
  return rows;
}

export function writeJourneySummary(crawls: JourneyRecord[]): void {
  if (!crawls.length) return;
  const byState = new Map<string, Partial<Record<string, JourneyRecord>>>();
  for (const c of crawls) byState.set(c.state, { ...byState.get(c.state), [c.project]: c });
  const cost = PROJECTS.map((p) => {
    const mine = crawls.filter((c) => c.project === p);
    return { project: p, states: mine.length, seconds: Number((mine.reduce((n, c) => n + c.ms, 0) / 1000).toFixed(1)), steps: mine.reduce((n, c) => n + c.steps.length, 0) };
  });
  const problems = crawls.flatMap((c) => c.steps.filter((s) => s.problems.length).map((s) => `${c.url} [${c.state}, ${c.project}] ${s.action}: ${s.problems.join('; ')}`));
  const lines = [
    '# Keyboard journeys',
    '',
    "For every route and UI state of tests/e2e/states.ts: the state's own controls reached by Tab and Shift+Tab, then activated (Enter, Space, an arrow on a select; Escape on a dialog they opened), and where focus rests after each key — never on `<body>`, visible, not covered, inside the viewport (tests/e2e/journeys.ts). The header and the footer are walked once, on /philosophy.",
    '',
    `Cost of the crawl: ${cost.map((c) => `${c.project} ${c.seconds} s for ${c.states} states (${c.steps} steps)`).join('; ')}.`,
    '',
    problems.length ? `**${problems.length} problems:**\n\n${problems.map((p) => `- ${p}`).join('\n')}` : 'No problem found.',
    '',
  ];
  for (const [state, records] of byState) {
    const any = records.desktop ?? records.mobile!;
    lines.push(
      `## ${any.url} — ${any.label}`,
      '',
      `State \`${state}\`, crawled in \`${any.region}\`.`,
      '',
      `| Key | Focus at ${VIEWPORT.desktop} | Focus at ${VIEWPORT.mobile} |`,
      '| --- | --- | --- |',
    );
    for (const r of rowsOf(records)) lines.push(`| ${cell(r.action)} | ${cell(r.focus.desktop ?? '—')} | ${cell(r.focus.mobile ?? '—')} |`);
    lines.push('');
  }
  mkdirSync(JOURNEY_SUMMARY_DIR, { recursive: true });
  writeFileSync(path.join(JOURNEY_SUMMARY_DIR, 'summary.md'), `${lines.join('\n')}\n`);
  writeFileSync(path.join(JOURNEY_SUMMARY_DIR, 'summary.json'), JSON.stringify({ cost, problems, states: [...byState.keys()] }, null, 1));
  console.log(
    `[journeys] ${crawls.length} states crawled (${cost.map((c) => `${c.project} ${c.seconds} s`).join(', ')}), ${problems.length} problems → ${path.join(JOURNEY_SUMMARY_DIR, 'summary.md')}`,
  );
}
