/**
 * The second engine: IBM Equal Access (accessibility-checker-engine), independent of axe-core,
 * run in the page with its WCAG 2.2 rule set. Its findings are "violation / fail" (a failure),
 * "violation / potential" and "manual" (to be judged by a person: listed in the report, not
 * failed on). Rules are mapped to WCAG success criteria through the engine's own guideline
 * (checker.getGuidelines()). Known false positives are accepted, with their reason, only through
 * a11y-known-issues.ts.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const ACE_PATH = require.resolve('accessibility-checker-engine/ace.js');
export const ACE_VERSION = (JSON.parse(readFileSync(require.resolve('accessibility-checker-engine/package.json'), 'utf8')) as { version: string }).version;
/** The WCAG 2.2 rule set of the engine (A and AA checkpoints, plus AAA ones it tags as such). */
export const ACE_POLICY = 'WCAG_2_2';

/**
 * A script for page.evaluate that runs `source` with the browser's real timers even under
 * page.clock: Playwright's fake clock keeps the real ones in window.__pwClock.builtins, and the
 * engines (axe-core, IBM) schedule their work with setTimeout. Without a fake clock the page's
 * own timers are used.
 */
export function withRealTimers(source: string): string {
  return `(function (setTimeout, clearTimeout, setInterval, clearInterval) {
${source}
}).apply(window, (function () {
  var b = window.__pwClock && window.__pwClock.builtins;
  return b && b.setTimeout
    ? [b.setTimeout, b.clearTimeout, b.setInterval, b.clearInterval]
    : [setTimeout.bind(window), clearTimeout.bind(window), setInterval.bind(window), clearInterval.bind(window)];
})());`;
}

const ACE_SOURCE = withRealTimers(`${readFileSync(ACE_PATH, 'utf8')}\n;window.ace = ace;`);

export interface AceFinding {
  ruleId: string;
  /** 'fail' | 'potential' | 'manual' */
  kind: string;
  message: string;
  /** XPath of the element. */
  path: string;
  snippet: string;
  /** WCAG success criteria the rule belongs to ("1.4.3"). */
  sc: string[];
  /** The engine's help page for the rule (in the package, offline). */
  help: string;
}

export interface AceResults {
  version: string;
  findings: AceFinding[];
  passed: number;
  ruleCount: number;
}

export async function runAce(page: Page, scope?: string): Promise<AceResults> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { ace?: unknown }).ace !== 'undefined');
  if (!loaded) await page.evaluate(ACE_SOURCE);
  const out = await page.evaluate(
    async ({ policy, scope }) => {
      type Result = { ruleId: string; value: [string, string]; message: string; path: { dom: string }; snippet: string; reasonId: string };
      type Checker = {
        check(node: Node, policies: string[]): Promise<{ results: Result[] }>;
        getGuidelines(): { id: string; checkpoints: { num: string; rules?: { id: string }[] }[] }[];
      };
      const ace = (window as unknown as { ace: { Checker: new () => Checker } }).ace;
      const checker = new ace.Checker();
      const root = scope ? (document.querySelector(scope) ?? document) : document;
      const report = await checker.check(root, [policy]);
      const guideline = checker.getGuidelines().find((g) => g.id === policy);
      const sc: Record<string, string[]> = {};
      for (const cp of guideline?.checkpoints ?? []) for (const r of cp.rules ?? []) (sc[r.id] ??= []).push(cp.num);
      const findings = report.results
        .filter((r) => r.value[0] === 'VIOLATION' && r.value[1] !== 'PASS')
        .map((r) => ({
          ruleId: r.ruleId,
          kind: r.value[1] === 'FAIL' ? 'fail' : r.value[1] === 'POTENTIAL' ? 'potential' : 'manual',
          message: r.message,
          path: r.path?.dom ?? '',
          snippet: (r.snippet ?? '').slice(0, 300),
          sc: sc[r.ruleId] ?? [],
          help: `node_modules/accessibility-checker-engine/help/en-US/${r.ruleId}.html`,
        }));
      const passed = report.results.filter((r) => r.value[1] === 'PASS').length;
      return { findings, passed, ruleCount: new Set(report.results.map((r) => r.ruleId)).size };
    },
    { policy: ACE_POLICY, scope: scope ?? null },
  );
  return { version: ACE_VERSION, ...out };
}
