/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA tags) on every route and every UI state of states.ts, at
 * both viewports: zero violations required. Each analysis is recorded under reports/axe/results
 * and summarised in reports/axe/index.html by the global teardown (axe-report.ts).
 */
import { test } from './fixtures.ts';
import { UI_STATES, openState, type Project } from './states.ts';
import { SIGNED_OUT } from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });

for (const signedOut of [false, true]) {
  test.describe(signedOut ? 'signed out' : 'signed in', () => {
    if (signedOut) test.use({ storageState: SIGNED_OUT });
    for (const state of UI_STATES.filter((s) => !!s.signedOut === signedOut)) {
      test(`axe: ${state.url} — ${state.label}`, async ({ page, axe, diagnostics }, testInfo) => {
        test.skip(!!state.projects && !state.projects.includes(testInfo.project.name as Project), `${state.id} is for ${state.projects?.join(', ')}`);
        test.fixme(!state.available, `${state.pattern} is not in the route table yet`);
        await openState(page, state, testInfo, diagnostics);
        await axe(state.id, { label: state.label });
        for (const next of state.then ?? []) {
          await test.step(next.label, async () => {
            await next.run(page, testInfo);
            await axe(next.id, { label: next.label });
          });
        }
      });
    }
  });
}
