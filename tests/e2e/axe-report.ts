/**
 * Playwright global teardown: turns the axe results of the run (reports/axe/results/*.json,
 * written by the `axe` fixture) into an accessibility report an auditor can read offline:
 *
 *   reports/axe/index.html   self-contained (inline CSS, no script, no CDN)
 *   reports/axe/report.json  the same, machine-readable
 *
 * Contents: scope (URLs × states × viewports), standard and axe tags, date, axe-core and Chromium
 * versions, summary counts, violations per rule and per page (impact, selector, escaped HTML,
 * failure summary, help link), the "incomplete" results that need a human, and a manual checklist
 * for what automated checks cannot decide.
 *
 * Also runnable on its own: `npx tsx tests/e2e/axe-report.ts`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { NodeResult } from 'axe-core';
import { AXE_REPORT_DIR, AXE_RESULTS_DIR, IBM_RESULTS_DIR } from './env.ts';
import acrReport from './acr-report.ts';
import type { AxeRecord as WrittenRecord } from './fixtures.ts';

/** A record as the `axe` fixture writes it (records of older runs may lack the run id and label). */
type AxeRecord = Omit<WrittenRecord, 'runId' | 'label'> & Partial<Pick<WrittenRecord, 'runId' | 'label'>>;

const STANDARD = 'WCAG 2.2 Level AA';
const DEFAULT_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const IMPACT_ORDER = ['critical', 'serious', 'moderate', 'minor'];

/** What axe cannot decide, checked by a person (and, where noted, by the browser suites). */
export const MANUAL_CHECKLIST = [
  {
    sc: '2.2.2 Pause, Stop, Hide (A)',
    check: "The home page slider moves on its own every 8 seconds: a visible 'Pause slideshow' control stops it, 'Play slideshow' restarts it; expanding a story also pauses it.",
    automated: 'slider.spec.ts asserts the pause/play control and the pause while a story is expanded (page.clock). A person confirms the control is easy to find and operate.',
  },
  {
    sc: '2.4.3 Focus Order (A)',
    check:
      'Tab through each page and each overlay: focus follows the visual and reading order; opening an overlay moves focus into it; closing returns it to the control that opened it; client-side navigation puts focus on the new page heading.',
    automated: 'keyboard.spec.ts (header order, overlays, return of focus), hydration.spec.ts (focus on the new h1).',
  },
  {
    sc: '2.4.7 Focus Visible (AA)',
    check: 'Every focusable element shows a clearly visible focus indicator, on light and dark backgrounds, including inside the menu, the overlays, the slider controls and the filters.',
    automated:
      "states.spec.ts tabs through every page and overlay at both viewports and measures each indicator on the pixels (a 3:1 change over at least half the control's perimeter), also in forced colours. A person judges how clear it looks.",
  },
  {
    sc: '1.4.10 Reflow (AA)',
    check: 'At 320 CSS px wide (or 1280 px at 400 % zoom) no page needs horizontal scrolling, nothing is cut off, and the menu, overlays, tables and filters remain usable.',
    automated: 'states.spec.ts: every route and state at 320×640 and, on the desktop, 200 % zoom (720×450): no sideways scrolling, no control outside the viewport, no clipped text.',
  },
  {
    sc: '1.4.12 Text Spacing (AA)',
    check:
      'With line height 1.5, paragraph spacing 2×, letter spacing 0.12em and word spacing 0.16em (e.g. a text-spacing bookmarklet), no text is clipped or overlaps, including buttons, cards and the slider.',
    automated: 'states.spec.ts applies the override to every element on every route and state: no text clipped by a box that hides overflow, no sideways scrolling. A person checks for overlaps.',
  },
  {
    sc: '2.3.3 Animation from Interactions (AAA, good practice) / reduced motion',
    check: 'With the operating system set to reduce motion, slides do not slide or fade, overlays and menus appear without motion, smooth scrolling is off.',
    automated:
      'states.spec.ts: with reduced motion, no CSS animation or transition on any element lasts longer than 0.01 ms and nothing scrolls smoothly; its snapshots are taken with reduced motion. A person compares with motion enabled.',
  },
  {
    sc: '3.3.1 Error Identification (A)',
    check:
      "Submitting the contact form empty or with a bad email identifies each field in error in text next to the field (aria-invalid, aria-describedby), moves focus to the first one, and the password page's error is announced.",
    automated: 'keyboard.spec.ts (focus on the first invalid field and its described-by messages), axe on the error states.',
  },
  {
    sc: '4.1.3 Status Messages (AA)',
    check:
      "Status messages are announced without taking focus: 'Showing N results' after filtering, 'Preferences saved.' on the cookie page, the contact confirmation, the 'Link copied' toast, the login error (role=alert), the slider's current story while paused.",
    automated: 'axe checks the roles exist; a person confirms with a screen reader (NVDA/JAWS/VoiceOver) that they are read.',
  },
];

const esc = (s: string | number | null | undefined) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const sortImpact = (a?: string | null, b?: string | null) => IMPACT_ORDER.indexOf(a ?? 'minor') - IMPACT_ORDER.indexOf(b ?? 'minor');

function readRecords(dir: string): (AxeRecord & { file: string })[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as AxeRecord), file: f }));
}

function axeVersion(records: AxeRecord[]): string {
  try {
    return (JSON.parse(readFileSync(path.resolve('node_modules/axe-core/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return records[0]?.axeVersion ?? 'unknown';
  }
}

function chromiumVersion(records: AxeRecord[]): string {
  const fromRun = [...new Set(records.map((r) => r.browserVersion).filter(Boolean))];
  if (fromRun.length) return `Chromium ${fromRun.join(', ')}`;
  try {
    return execFileSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

const where = (r: AxeRecord) => `${r.path} · ${r.label ?? r.state} · ${r.project}${r.viewport ? ` ${r.viewport.width}×${r.viewport.height}` : ''}`;

interface Occurrence {
  target: string;
  html: string;
  summary: string;
  impact: string | null | undefined;
  where: string[];
}
interface RuleGroup {
  id: string;
  impact: string | null | undefined;
  help: string;
  description: string;
  helpUrl: string;
  tags: string[];
  nodes: number;
  occurrences: Occurrence[];
}

/** Per rule, the distinct (selector, HTML) nodes with every page/state/viewport they occur on. */
function groupByRule(records: AxeRecord[], kind: 'violations' | 'incomplete'): RuleGroup[] {
  const rules = new Map<string, RuleGroup>();
  for (const rec of records) {
    for (const res of rec[kind]) {
      let g = rules.get(res.id);
      if (!g) {
        g = { id: res.id, impact: res.impact, help: res.help, description: res.description, helpUrl: res.helpUrl, tags: res.tags, nodes: 0, occurrences: [] };
        rules.set(res.id, g);
      }
      if (sortImpact(res.impact, g.impact) < 0) g.impact = res.impact;
      for (const n of res.nodes as NodeResult[]) {
        g.nodes += 1;
        const target = n.target.map((t) => (Array.isArray(t) ? t.join(' ') : String(t))).join(' › ');
        let occ = g.occurrences.find((o) => o.target === target && o.html === n.html);
        if (!occ) {
          occ = { target, html: n.html, summary: n.failureSummary ?? '', impact: n.impact, where: [] };
          g.occurrences.push(occ);
        }
        occ.where.push(where(rec));
      }
    }
  }
  return [...rules.values()].sort((a, b) => sortImpact(a.impact, b.impact) || a.id.localeCompare(b.id));
}

function ruleSection(groups: RuleGroup[], kind: 'violation' | 'review'): string {
  if (!groups.length) {
    return kind === 'violation'
      ? '<p class="ok">No violations: every analysed page and state passed every automated rule of the tags above.</p>'
      : '<p class="ok">Nothing to review: axe could decide every check.</p>';
  }
  return groups
    .map((g) => {
      const occ = g.occurrences
        .map(
          (o) => `<li class="node">
  <div><span class="label">Selector</span> <code>${esc(o.target)}</code></div>
  <div><span class="label">HTML</span> <pre>${esc(o.html)}</pre></div>
  ${o.summary ? `<div><span class="label">${kind === 'violation' ? 'How to fix' : 'Why it needs review'}</span> <pre class="summary">${esc(o.summary)}</pre></div>` : ''}
  <details><summary>Found on ${o.where.length} page/state/viewport${o.where.length === 1 ? '' : 's'}</summary><ul class="where">${o.where.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></details>
</li>`,
        )
        .join('\n');
      return `<section class="rule ${kind}" id="${kind}-${esc(g.id)}">
  <h3><span class="impact impact-${esc(g.impact ?? 'none')}">${esc(g.impact ?? 'n/a')}</span> <code>${esc(g.id)}</code> — ${esc(g.help)}</h3>
  <p>${esc(g.description)} <a href="${esc(g.helpUrl)}">Rule documentation (Deque University)</a></p>
  <p class="tags">Tags: ${g.tags.map((t) => `<code>${esc(t)}</code>`).join(' ')} · ${g.nodes} node${g.nodes === 1 ? '' : 's'} in ${g.occurrences.length} distinct element${g.occurrences.length === 1 ? '' : 's'}</p>
  <details${kind === 'violation' ? ' open' : ''}><summary>Elements</summary><ol class="nodes">${occ}</ol></details>
</section>`;
    })
    .join('\n');
}

interface IbmRecordLite {
  runId?: string;
  path: string;
  state: string;
  project: string;
  engineVersion: string;
  findings: { ruleId: string; kind: string; sc: string[]; path: string; message: string; accepted?: string }[];
}

/** The second engine's results, by rule: failures (open and accepted) and findings for review. */
function ibmSummary(ibm: IbmRecordLite[]) {
  const rules = new Map<string, { ruleId: string; sc: string[]; fail: number; accepted: number; potential: number; manual: number; reason?: string; example?: string }>();
  for (const rec of ibm) {
    for (const f of rec.findings) {
      const r = rules.get(f.ruleId) ?? { ruleId: f.ruleId, sc: f.sc, fail: 0, accepted: 0, potential: 0, manual: 0 };
      if (f.kind === 'fail') {
        if (f.accepted) {
          r.accepted++;
          r.reason = f.accepted;
        } else {
          r.fail++;
          r.example ??= `${rec.path} [${rec.state}, ${rec.project}]: ${f.message}`;
        }
      } else if (f.kind === 'potential') r.potential++;
      else r.manual++;
      rules.set(f.ruleId, r);
    }
  }
  return { analyses: ibm.length, version: ibm[0]?.engineVersion ?? '', rules: [...rules.values()].sort((a, b) => b.fail - a.fail || b.accepted - a.accepted || b.potential - a.potential) };
}

export function buildReport(records: AxeRecord[], generatedAt = new Date(), ibm: IbmRecordLite[] = []) {
  const tags = records[0]?.tags ?? DEFAULT_TAGS;
  const violations = groupByRule(records, 'violations');
  const incomplete = groupByRule(records, 'incomplete');
  const paths = [...new Set(records.map((r) => r.path))].sort();
  const states = [...new Set(records.map((r) => r.state))];
  const viewports = [...new Set(records.map((r) => `${r.project}${r.viewport ? ` (${r.viewport.width}×${r.viewport.height})` : ''}`))].sort();
  const violationNodes = violations.reduce((n, g) => n + g.nodes, 0);
  const incompleteNodes = incomplete.reduce((n, g) => n + g.nodes, 0);
  const analyses = records
    .map((r) => ({
      path: r.path,
      url: r.url,
      state: r.state,
      label: r.label ?? r.state,
      project: r.project,
      viewport: r.viewport,
      violations: r.violations.reduce((n, v) => n + v.nodes.length, 0),
      violationRules: r.violations.map((v) => v.id),
      incomplete: r.incomplete.reduce((n, v) => n + v.nodes.length, 0),
      passes: r.passes,
      inapplicable: r.inapplicable,
      test: r.test,
    }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.label.localeCompare(b.label) || a.project.localeCompare(b.project));
  const summary = {
    analyses: records.length,
    urls: paths.length,
    states: states.length,
    viewports,
    violationRules: violations.length,
    violationNodes,
    analysesWithViolations: analyses.filter((a) => a.violations > 0).length,
    incompleteRules: incomplete.length,
    incompleteNodes,
    result: violations.length === 0 ? 'pass' : 'fail',
  };
  const json = {
    title: 'Halden Rowe Capital website: automated accessibility report',
    generatedAt: generatedAt.toISOString(),
    standard: STANDARD,
    tags,
    tool: { axeCore: axeVersion(records), browser: chromiumVersion(records), runner: 'Playwright + @axe-core/playwright' },
    summary,
    analyses,
    violations,
    incomplete,
    manualChecklist: MANUAL_CHECKLIST,
    ibm: ibmSummary(ibm),
  };
  const ibmRows = json.ibm.rules
    .map(
      (r) =>
        `<tr><td><code>${esc(r.ruleId)}</code></td><td>${esc(r.sc.join(', '))}</td><td>${r.fail}${r.example ? `<br><span class="muted">${esc(r.example)}</span>` : ''}</td><td>${r.accepted}${r.reason ? `<br><span class="muted">${esc(r.reason)}</span>` : ''}</td><td>${r.potential}</td><td>${r.manual}</td></tr>`,
    )
    .join('\n');

  const scopeRows = analyses
    .map(
      (a) =>
        `<tr class="${a.violations ? 'bad' : ''}"><td><code>${esc(a.path)}</code></td><td>${esc(a.label)}</td><td>${esc(a.project)}${a.viewport ? ` <span class="muted">${a.viewport.width}×${a.viewport.height}</span>` : ''}</td><td class="num">${a.violations}${a.violationRules.length ? ` <span class="muted">(${esc(a.violationRules.join(', '))})</span>` : ''}</td><td class="num">${a.incomplete}</td><td class="num">${a.passes}</td></tr>`,
    )
    .join('\n');

  const checklist = MANUAL_CHECKLIST.map(
    (c) => `<li><label><input type="checkbox" disabled> <strong>SC ${esc(c.sc)}</strong></label><p>${esc(c.check)}</p><p class="muted">Automated support: ${esc(c.automated)}</p></li>`,
  ).join('\n');

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Accessibility report — Halden Rowe Capital website</title>
<style>
  :root { color-scheme: light; --ink: #13202f; --muted: #556270; --line: #d9dee4; --bad: #9b1c1c; --ok: #1d6b3a; --bg: #fafaf7; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--ink); background: var(--bg); }
  main { max-width: 1200px; margin: 0 auto; padding: 32px 24px 64px; }
  h1 { font-size: 1.8rem; margin: 0 0 4px; } h2 { margin-top: 40px; border-bottom: 2px solid var(--ink); padding-bottom: 4px; } h3 { font-size: 1.05rem; margin: 0 0 6px; }
  a { color: #0b4f8a; } code, pre { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); padding: 6px 8px; margin: 4px 0; }
  .muted { color: var(--muted); } .ok { color: var(--ok); font-weight: 600; }
  dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 16px 0; } dl.meta dt { font-weight: 600; } dl.meta dd { margin: 0; }
  .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin: 16px 0; }
  .card { background: #fff; border: 1px solid var(--line); padding: 12px; } .card .n { font-size: 1.6rem; font-weight: 700; display: block; }
  .verdict { display: inline-block; padding: 4px 10px; font-weight: 700; color: #fff; background: var(--ok); } .verdict.fail { background: var(--bad); }
  table { width: 100%; border-collapse: collapse; background: #fff; font-size: 14px; } th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 6px 8px; vertical-align: top; }
  th { background: #eef1f4; position: sticky; top: 0; } td.num { text-align: right; white-space: nowrap; } tr.bad td { background: #fdecec; }
  .rule { background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--muted); padding: 12px 16px; margin: 12px 0; } .rule.violation { border-left-color: var(--bad); }
  .impact { display: inline-block; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; padding: 1px 6px; color: #fff; background: var(--muted); }
  .impact-critical { background: #7a0b0b; } .impact-serious { background: var(--bad); } .impact-moderate { background: #8a5a00; } .impact-minor { background: #44505c; }
  .tags { font-size: 13px; } .nodes { padding-left: 20px; } .node { margin: 10px 0; } .label { font-weight: 600; font-size: 13px; }
  .where { columns: 2; font-size: 13px; } .checklist { list-style: none; padding: 0; } .checklist li { background: #fff; border: 1px solid var(--line); padding: 10px 14px; margin: 8px 0; } .checklist p { margin: 4px 0 0; }
  details > summary { cursor: pointer; }
  @media print { details { display: block; } th { position: static; } }
</style>
</head>
<body>
<main>
<h1>Automated accessibility report</h1>
<p class="muted">Halden Rowe Capital website — production build, tested in a real browser.</p>
<p><span class="verdict ${summary.result === 'pass' ? '' : 'fail'}">${summary.result === 'pass' ? 'PASS: no violations' : `FAIL: ${summary.violationRules} rule(s) violated on ${summary.analysesWithViolations} page state(s)`}</span></p>

<dl class="meta">
  <dt>Standard</dt><dd>${esc(STANDARD)} (automated part). axe-core rule tags: ${tags.map((t) => `<code>${esc(t)}</code>`).join(' ')}</dd>
  <dt>Date</dt><dd>${esc(generatedAt.toISOString())} (${esc(generatedAt.toUTCString())})</dd>
  <dt>Engine</dt><dd>axe-core ${esc(json.tool.axeCore)} via @axe-core/playwright</dd>
  <dt>Browser</dt><dd>${esc(json.tool.browser)} (headless)</dd>
  <dt>Viewports</dt><dd>${viewports.map(esc).join(', ') || '—'}</dd>
  <dt>Scope</dt><dd>${summary.urls} URLs in ${summary.states} page states (each page as loaded, plus menus, overlays, expanded story, news panel tabs, filters, empty and error states, notices), at ${viewports.length} viewports: ${summary.analyses} analyses, listed below</dd>
  <dt>Machine-readable</dt><dd><a href="report.json">report.json</a> beside this file</dd>
</dl>

<div class="cards">
  <div class="card"><span class="n">${summary.analyses}</span>analyses</div>
  <div class="card"><span class="n">${summary.urls}</span>distinct URLs</div>
  <div class="card"><span class="n">${summary.violationRules}</span>rules violated (${summary.violationNodes} nodes)</div>
  <div class="card"><span class="n">${summary.incompleteRules}</span>rules needing review (${summary.incompleteNodes} nodes)</div>
</div>

<p class="muted">Automated testing finds only part of the WCAG failures. The results below cover what axe-core can decide;
the "needs review" items and the manual checklist must be completed by a person before claiming conformance.</p>

<nav aria-label="Contents"><ul>
  <li><a href="#violations">Violations by rule</a></li>
  <li><a href="#review">Needs review (incomplete)</a></li>
  <li><a href="#scope">Results by page, state and viewport</a></li>
  <li><a href="#ibm">Second engine: IBM Equal Access</a></li>
  <li><a href="#manual">Manual checklist</a></li>
</ul></nav>

<h2 id="violations">Violations by rule</h2>
${ruleSection(violations, 'violation')}

<h2 id="review">Needs review (axe "incomplete")</h2>
<p class="muted">axe could not decide these checks automatically (for example text over an image or a gradient, where the contrast depends on pixels). Each needs a person to confirm.</p>
${ruleSection(incomplete, 'review')}

<h2 id="scope">Results by page, state and viewport</h2>
<table>
<thead><tr><th scope="col">URL</th><th scope="col">State</th><th scope="col">Viewport</th><th scope="col">Violations (nodes)</th><th scope="col">Needs review</th><th scope="col">Rules passed</th></tr></thead>
<tbody>
${scopeRows}
</tbody>
</table>

<h2 id="ibm">Second engine: IBM Equal Access</h2>
<p>accessibility-checker-engine ${esc(json.ibm.version || 'not run')} (WCAG_2_2 policy) on the same pages and states: ${json.ibm.analyses} analyses,
${json.ibm.rules.reduce((n, r) => n + r.fail, 0)} open failures, ${json.ibm.rules.reduce((n, r) => n + r.accepted, 0)} failures accepted as false positives (reviewed in tests/e2e/a11y-known-issues.ts).
"Potential" and "manual" findings are the engine's prompts for a person; they are not failures.</p>
${
  ibmRows
    ? `<table>
<thead><tr><th scope="col">Rule</th><th scope="col">WCAG</th><th scope="col">Failures</th><th scope="col">Accepted</th><th scope="col">Potential</th><th scope="col">Manual</th></tr></thead>
<tbody>
${ibmRows}
</tbody>
</table>`
    : '<p>No findings.</p>'
}

<h2 id="manual">Manual checklist</h2>
<p class="muted">Success criteria that automated rules cannot verify, to be checked by an auditor.</p>
<ul class="checklist">
${checklist}
</ul>
</main>
</body>
</html>
`;
  return { html, json };
}

export default async function axeReport(): Promise<void> {
  const all = readRecords(AXE_RESULTS_DIR);
  // Inside a Playwright run: this run's results only, older ones are removed. Run by hand
  // (no E2E_RUN_ID): the latest run found in the folder.
  const runId =
    process.env.E2E_RUN_ID ??
    all
      .map((r) => r.runId ?? '')
      .sort()
      .at(-1) ??
    '';
  const records = all.filter((r) => (r.runId ?? '') === runId);
  if (!records.length) {
    console.log('[axe-report] no axe analysis in this run: the previous report is left as it was');
    // (The conformance report needs axe; the keyboard journeys' table is written all the same.)
    await acrReport();
    return;
  }
  for (const old of all.filter((r) => (r.runId ?? '') !== runId)) rmSync(path.join(AXE_RESULTS_DIR, old.file), { force: true });
  const ibm = readRecords(IBM_RESULTS_DIR) as unknown as (IbmRecordLite & { file: string })[];
  for (const old of ibm.filter((r) => (r.runId ?? '') !== runId)) rmSync(path.join(IBM_RESULTS_DIR, old.file), { force: true });
  const { html, json } = buildReport(
    records,
    new Date(),
    ibm.filter((r) => (r.runId ?? '') === runId),
  );
  mkdirSync(AXE_REPORT_DIR, { recursive: true });
  writeFileSync(path.join(AXE_REPORT_DIR, 'index.html'), html);
  writeFileSync(path.join(AXE_REPORT_DIR, 'report.json'), JSON.stringify(json, null, 1));
  console.log(`[axe-report] ${json.summary.analyses} analyses, ${json.summary.violationRules} rules violated, ${json.summary.incompleteRules} to review → ${path.join(AXE_REPORT_DIR, 'index.html')}`);
  // The conformance report (reports/acr) from the same run's axe, IBM and manual-check results.
  await acrReport();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await axeReport();
