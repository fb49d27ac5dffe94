/**
 * The conformance report follows the keyboard journeys (issue 31): the criteria about what happens
 * between two states cite the journey tests and the per-state crawl, and a failing journey turns
 * its criterion to "Partially Supports" or "Does Not Support" (tests/e2e/acr-report.ts buildAcr).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildAcr } from '../e2e/acr-report.ts';
import { CRAWL_CRITERIA, JOURNEY_TESTS, type JourneyRecord, type JourneyTestRecord } from '../e2e/journeys.ts';

const JOURNEY_CRITERIA = ['2.4.3', '2.4.7', '2.4.11', '2.2.1', '2.2.2', '3.3.1', '3.3.7', '2.4.4', '4.1.2', '4.1.3'];

/** A crawled state, with one problem at its last step when `broken`. */
function crawl(state: string, broken = false): JourneyRecord {
  return {
    runId: 'r',
    project: 'desktop',
    state,
    label: state,
    url: `/${state}`,
    region: 'main',
    steps: [
      { action: 'Tab', focus: 'a "Home"', problems: [] },
      { action: 'Enter on button "Next story"', focus: broken ? 'body' : 'button "Next story"', problems: broken ? ['focus is on <body>'] : [] },
    ],
    tabs: 1,
    activated: 1,
    candidates: 1,
    skipped: [],
    gone: [],
    ms: 100,
  };
}

/** Every journey test of JOURNEY_TESTS run once, each with the status `statusOf` gives it. */
function journeyRuns(statusOf: (file: string, title: string) => string = () => 'passed'): JourneyTestRecord[] {
  return JOURNEY_TESTS.map((j) => {
    const title = j.title.source.replace(/\\/g, '');
    return { runId: 'r', file: j.file, title, project: 'desktop', status: statusOf(j.file, title) };
  });
}

const row = (rows: ReturnType<typeof buildAcr>, sc: string) => {
  const r = rows.find((x) => x.sc === sc);
  assert.ok(r, `criterion ${sc} in the report`);
  return r;
};

test('every criterion of issue 31 cites journey tests, and the focus criteria the crawl of every state', () => {
  const states = ['home', 'menu', 'resources'].map((s) => crawl(s));
  const rows = buildAcr([], [], [], states, journeyRuns());
  for (const sc of JOURNEY_CRITERIA) {
    const r = row(rows, sc);
    assert.ok(r.journeys.tests.length > 0, `${sc} cites a journey test`);
    assert.ok(
      r.journeys.tests.every((t) => t.passed === 1 && t.failed === 0),
      `${sc}: each cited test ran once and passed`,
    );
    assert.deepEqual(r.journeys.notRun, []);
    assert.equal(r.journeys.crawled, CRAWL_CRITERIA.includes(sc) ? 3 : 0, `${sc}: crawled states cited`);
    assert.equal(r.verdict, r.judged, `${sc}: passing journeys leave the judgement as it is`);
  }
  assert.deepEqual(CRAWL_CRITERIA, ['2.4.3', '2.4.7', '2.4.11']);
});

test('a state whose crawl lost focus turns 2.4.3, 2.4.7 and 2.4.11 to Partially Supports, naming the step', () => {
  const states = ['home', 'menu', 'resources', 'team'].map((s) => crawl(s, s === 'menu'));
  const rows = buildAcr([], [], [], states, journeyRuns());
  for (const sc of CRAWL_CRITERIA) {
    const r = row(rows, sc);
    assert.equal(r.verdict, 'Partially Supports', sc);
    assert.deepEqual(r.journeys.crawlFailures, ['/menu [menu, desktop] Enter on button "Next story": focus is on <body>']);
  }
  // A criterion the crawl does not back keeps its judgement.
  assert.equal(row(rows, '3.3.7').verdict, row(rows, '3.3.7').judged);
});

test('when half the journeys of a criterion fail, it does not support it', () => {
  // 3.3.7 is backed by one journey test: the refused message that keeps what was typed.
  const rows = buildAcr(
    [],
    [],
    [],
    [],
    journeyRuns((file, title) => (file === 'no-script.spec.ts' && /server refuses/.test(title) ? 'failed' : 'passed')),
  );
  const r = row(rows, '3.3.7');
  assert.equal(r.judged, 'Supports');
  assert.equal(r.verdict, 'Does Not Support');
  assert.equal(r.journeys.tests.find((t) => t.file === 'no-script.spec.ts')?.failed, 1);
  // The same failure is one journey of several for 3.3.1: partial.
  assert.equal(row(rows, '3.3.1').verdict, 'Partially Supports');
});

test('a journey that did not run is named, and no verdict rests on it', () => {
  const rows = buildAcr(
    [],
    [],
    [],
    [],
    journeyRuns().filter((r) => r.file !== 'journeys.spec.ts'),
  );
  const r = row(rows, '2.2.2');
  assert.ok(r.journeys.notRun.some((t) => t.startsWith('journeys.spec.ts: ')));
  assert.equal(r.verdict, r.judged);
});
