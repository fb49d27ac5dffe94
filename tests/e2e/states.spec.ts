/**
 * Every route and UI state of states.ts at both viewports (1440×900 and 390×844), opened once and
 * then judged three ways, in this order:
 *
 * 1. A visual snapshot (visual.ts: what is shot and how it is made deterministic), compared with
 *    its baseline in tests/e2e/__snapshots__/states.spec.ts/<project>/<state>.png. Soft: a
 *    difference is reported and the other checks still run.
 * 2. axe-core (WCAG 2.0/2.1/2.2 A and AA tags) at both viewports and IBM Equal Access
 *    (WCAG_2_2) on the desktop, through the `axe` fixture: zero violations from either, known
 *    false positives only through a11y-known-issues.ts. Recorded under reports/axe and
 *    summarised by the global teardown (axe-report.ts, acr-report.ts).
 * 3. The checks an accessibility auditor makes by hand (a11y-checks.ts runChecks): on the desktop,
 *    focus visible with 3:1 contrast measured on the pixels, reduced motion, forced colours, text
 *    spacing, reflow at 320 CSS px and 200 % zoom; at both viewports, focus never hidden behind
 *    the fixed header and target size. Every outcome is recorded for the conformance report
 *    (reports/acr/index.html); any problem fails the test. The checks change the viewport, media
 *    features and styles, and put them back.
 *
 * One page load per viewport serves everything that looks at a state: a route's load is judged
 * as it opens (page-load.ts: status, lang, one h1, title, hydration without warnings, layout shift
 * while loading and scrolling, the home page's transfer), then the three above.
 *
 * The context has reduced motion (the snapshots are of the page at rest; the site's markup does
 * not depend on it, so the engines analyse the same document) and the site's Content-Security-
 * Policy enforced: the `diagnostics` fixture fails a state on any console error, hydration
 * warning or CSP violation, and the checks add their styles as constructed sheets, which the
 * policy does not block.
 *
 * The accessibility trees of three pages and the header's contrast over every slide are checked
 * in a11y-checks.spec.ts.
 */
import { test, expect, SIGNED_OUT } from './fixtures.ts';
import { UI_STATES, openState, type Project, type UiState } from './states.ts';
import { recordChecks, runChecks, type CheckResult } from './a11y-checks.ts';
import { shoot } from './visual.ts';
import { crawlJourneys } from './journeys.ts';

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });

function expectNoProblems(results: CheckResult[], label: string) {
  for (const r of results) expect.soft(r.problems, `${label}: ${r.check}`).toEqual([]);
}

for (const signedOut of [false, true]) {
  test.describe(signedOut ? 'signed out' : 'signed in', { tag: '@mobile' }, () => {
    if (signedOut) test.use({ storageState: SIGNED_OUT });
    for (const state of UI_STATES.filter((s) => !!s.signedOut === signedOut)) {
      test(`${state.url} — ${state.label}`, async ({ page, axe, diagnostics }, testInfo) => {
        test.skip(!!state.projects && !state.projects.includes(testInfo.project.name as Project), `${state.id} is for ${state.projects?.join(', ')}`);
        // A family of states (the menu's five groups) is judged in one test, one step each.
        test.setTimeout(150_000 + 45_000 * (state.followedBy?.length ?? 0));
        const project = testInfo.project.name;
        const scope = state.shot === 'dialog' ? 'dialog[open]' : null;
        const judge = async (s: Pick<UiState, 'id' | 'label'>, full: boolean) => {
          await shoot(page, s.id, state, project);
          await axe(s.id, { label: s.label, ibm: project === 'desktop' });
          const results = await runChecks(page, testInfo, scope, full);
          recordChecks(testInfo, { state: s.id, label: s.label, url: state.url, results });
          expectNoProblems(results, s.label);
        };
        await openState(page, state, testInfo, diagnostics);
        await judge(state, true);
        for (const next of state.followedBy ?? []) {
          await test.step(next.label, async () => {
            await next.run(page, testInfo);
            await judge(next, false);
          });
        }
        // Last, on the same page: the keyboard journeys through the state's own controls (journeys.ts).
        // (A page without the site's script, the alert links', gets the Tab walk only: journeys.ts finds it.)
        await test.step('keyboard journeys', () => crawlJourneys(page, state, testInfo, { clock: 'paused' }));
      });
    }
  });
}
