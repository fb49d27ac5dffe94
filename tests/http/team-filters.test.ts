/**
 * The team by office, strategy and sector (issue 36, item 5): /team's filters combine, show how
 * many people each option would leave, work as GET forms without JavaScript and keep the seed's
 * Leadership / Investment Team split; a profile links to its office's team and its strategies and
 * sectors; "Join Our Team" leads to /careers with the careers address still shown.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signedInReads, signedInServer } from '../helpers/reads.ts';

const server = signedInServer();
/** The attributes of every `<name …>` tag. */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => Object.fromEntries([...m[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
const { page } = signedInReads(() => server);

/** The people of a grid section ("leadership", "investment-team"), by profile link. */
function people(html: string, section: string): string[] {
  const at = html.indexOf(`aria-labelledby="${section}"`);
  if (at === -1) return [];
  const end = html.indexOf('</section>', at);
  return [...html.slice(at, end).matchAll(/<a href="\/team\/([^"]+)" class="person__link">/g)].map((m) => m[1]);
}

test('/team without filters: every member, Leadership and Investment Team as in the seed, three filters as GET forms', async () => {
  const p = await page('/team');
  assert.equal(p.status, 200);
  assert.equal(people(p.html, 'leadership').length + people(p.html, 'investment-team').length, 14);
  assert.ok(people(p.html, 'leadership').includes('eleanor-vance'));
  assert.ok(
    tags(p.html, 'form').some((f) => f.action === '/team' && f.method === 'get'),
    'a GET form on /team',
  );
  for (const name of ['office', 'strategy', 'sector'])
    assert.ok(
      tags(p.html, 'button').some((b) => b.type === 'submit' && b.name === name && b.value === 'All' && b['aria-pressed'] === 'true'),
      `${name}: All is pressed`,
    );
  assert.match(p.html, /<button [^>]*value="london" aria-pressed="false"[^>]*>London(?:<!-- -->)? <span class="filter-button__count">2<span class="visually-hidden"> people<\/span>/);
  // Each card says where the person works.
  assert.match(p.html, /<p class="person__title">Partner, Natural Resources<\/p><p class="person__office">London<\/p>/);
});

test('filters combine and keep the split; counts are what each option would show with the others kept', async () => {
  const london = await page('/team?office=london');
  assert.deepEqual(people(london.html, 'leadership'), ['sofia-lindqvist']);
  assert.deepEqual(people(london.html, 'investment-team'), ['ingrid-solberg']);
  assert.match(london.html, /Showing 2 results/);
  // With London chosen, the sector counts are London's: Natural Resources has one person there.
  assert.match(london.html, /<button [^>]*value="natural-resources" aria-pressed="false"[^>]*>Natural Resources(?:<!-- -->)? <span class="filter-button__count">1</);
  const credit = await page('/team?strategy=private-credit');
  assert.deepEqual(people(credit.html, 'leadership'), ['priya-venkataraman']);
  assert.ok(!credit.html.includes('aria-labelledby="investment-team"'), 'an empty section is left out');
  const none = await page('/team?office=san-francisco&sector=pharmaceuticals');
  assert.equal(none.status, 200);
  assert.match(none.html, /No one on the team matches all of these filters\./);
  assert.match(none.html, /<form role="none" action="\/team" method="get"><button type="submit" class="button button--outline">Clear all filters/);
  // Canonical URLs: one spelling per selection.
  assert.equal((await page('/team?office=London')).location, '/team?office=london');
  assert.equal((await page('/team?sector=space')).location, '/team');
  assert.deepEqual(people((await page('/team?strategy=buyouts&office=london')).html, 'investment-team'), ['ingrid-solberg'], 'any order of parameters');
});

test('a profile links to its office, strategies and sectors', async () => {
  const p = await page('/team/ingrid-solberg');
  assert.match(p.html, /<dt>Office<\/dt><dd><a href="\/team\?office=london">London<\/a><\/dd>/);
  assert.match(p.html, /<dt>Strategies<\/dt><dd><span><a href="\/buyouts">Buyouts<\/a><\/span><span>, <a href="\/growth-equity">Growth Equity<\/a><\/span><\/dd>/);
  assert.match(p.html, /<dt>Sector<\/dt><dd><span><a href="\/natural-resources">Natural Resources<\/a><\/span><\/dd>/);
  // Industrials has no page of its own: named, not linked.
  assert.match((await page('/team/eleanor-vance')).html, /<a href="\/natural-resources">Natural Resources<\/a><\/span><span>, (?:<!-- -->)?Industrials<\/span>/);
  // The firm's functions have an office and no strategy.
  const cfo = (await page('/team/catherine-dunmore')).html;
  assert.match(cfo, /<dt>Office<\/dt>/);
  assert.ok(!cfo.includes('<dt>Strategy'), 'no strategy for the CFO');
});

test('"Join Our Team" leads to /careers, and the careers address stays visible', async () => {
  const p = await page('/team');
  const join = p.html.slice(p.html.indexOf('id="join"'));
  assert.match(join, /<a href="\/careers" class="button button--accent">View Open Roles<\/a>/);
  assert.match(join, /Or write to <a href="mailto:careers@haldenrowe\.com">careers@haldenrowe\.com<\/a>/);
});
