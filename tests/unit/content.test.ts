/** content/: the real content loads; every kind of broken entry is reported as "file › field: message". */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentError, contentImageKeys, loadContent } from '../../src/content/load.ts';
import { parseBody } from '../../src/content/markdown.ts';

const CONTENT = path.resolve('content');
const temps: string[] = [];
after(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** A temporary copy of content/ with one file's text changed by `edit` (null: the file is removed). */
function brokenCopy(file: string, edit: (text: string) => string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hrc-content-'));
  temps.push(dir);
  cpSync(CONTENT, dir, { recursive: true });
  const p = path.join(dir, file);
  const result = edit(readFileSync(p, 'utf8'));
  if (result === null) rmSync(p);
  else writeFileSync(p, result);
  return dir;
}

/** Replaces a front matter line `key: …` (the first one) with `key: value`. */
const setField = (key: string, value: string) => (text: string) => {
  const re = new RegExp(`^${key}:.*$`, 'm');
  assert.match(text, re, `no ${key} line`);
  return text.replace(re, `${key}: ${value}`);
};

function contentError(dir: string): ContentError {
  try {
    loadContent(dir);
  } catch (err) {
    assert.ok(err instanceof ContentError, `expected ContentError, got ${String(err)}`);
    return err;
  }
  assert.fail('loadContent accepted broken content');
}

test('the real content loads and meets the product minimums', () => {
  const c = loadContent(CONTENT);
  assert.ok(c.stories.length >= 5, 'stories');
  assert.ok(c.team.length >= 12, 'team');
  assert.ok(c.team.filter((m) => m.title.includes('Managing Partner')).length >= 3, 'managing partners');
  assert.ok(c.research.length >= 6, 'research');
  assert.ok(c.pressReleases.length >= 6, 'press releases');
  assert.ok(new Set(c.pressReleases.map((p) => p.date.slice(0, 4))).size >= 2, 'press releases span two years');
  assert.ok(c.news.length >= 8, 'news');
  assert.equal(c.practiceAreas.filter((p) => p.kind === 'strategy').length, 4);
  assert.equal(c.practiceAreas.filter((p) => p.kind === 'sector').length, 5);
  assert.equal(c.site.name, 'Halden Rowe Capital');
  assert.equal(c.site.founded, 1999);
  // The seed's three policies, plus the accessibility statement and the fraud notice (each dated when it was written).
  assert.deepEqual(c.policies.map((p) => p.id).sort(), ['accessibility', 'disclosures', 'fraud-notice', 'privacy', 'responsible-investment']);
  for (const p of c.policies.filter((x) => x.id !== 'accessibility' && x.id !== 'fraud-notice')) assert.equal(p.lastUpdated, '2025-10-19', `${p.id}: last updated October 19, 2025 (seed)`);
  for (const r of c.research) assert.ok(r.body.sections.length >= 3, `${r.id}: sections`);
  const all = JSON.stringify(c).toLowerCase();
  assert.ok(!all.includes('lorem ipsum'), 'no placeholder copy');
  assert.ok(!/\btodo\b/.test(all), 'no TODO in copy');
});

test('entries are ordered: articles newest first, team and stories by their order', () => {
  const c = loadContent(CONTENT);
  for (const list of [c.research, c.pressReleases, c.news]) {
    assert.deepEqual(
      list.map((x) => x.date),
      list
        .map((x) => x.date)
        .sort()
        .reverse(),
    );
  }
  assert.equal(c.team[0].id, 'eleanor-vance');
  assert.deepEqual(
    c.team.map((m) => m.order),
    c.team.map((m) => m.order).sort((a, b) => a - b),
  );
  assert.equal(c.stories[0].id, 'corvane-logistics-carve-out');
});

test('a team member with an invalid email: the error names the file and the field', () => {
  const err = contentError(brokenCopy('team/mei-lin-tan.md', setField('email', 'not-an-email')));
  assert.equal(err.problems.length, 1, 'only the broken field is reported');
  assert.match(err.problems[0], /team\/mei-lin-tan\.md › email: /);
});

test('a story missing its title: the error names the file and the field', () => {
  const err = contentError(brokenCopy('stories/northwold-forestry.md', (t) => t.replace(/^title:.*\n/m, '')));
  assert.match(err.message, /stories\/northwold-forestry\.md › title: /);
});

test('dates must be real calendar dates', () => {
  for (const date of ['2025-13-45', '2025-02-30', '2026-9-1', 'yesterday']) {
    const err = contentError(brokenCopy('news/analyst-class-2025.md', setField('date', date)));
    assert.match(err.message, /news\/analyst-class-2025\.md › date: (is not a real calendar date|must be a date written YYYY-MM-DD)/, date);
  }
  // A leap day is a real date.
  assert.doesNotThrow(() => loadContent(brokenCopy('news/analyst-class-2025.md', setField('date', '2024-02-29'))));
});

test('an image reference that does not exist: the error names the file, the field and the key', () => {
  const err = contentError(brokenCopy('research/water-as-a-strategic-input.md', setField('image', 'research/water-as-a-strategic-inptu')));
  assert.equal(err.problems.length, 1);
  assert.match(err.problems[0], /research\/water-as-a-strategic-input\.md › image: no image "research\/water-as-a-strategic-inptu"/);
});

test('a research item with an unknown category is rejected', () => {
  const err = contentError(brokenCopy('research/water-as-a-strategic-input.md', setField('category', 'Gossip')));
  assert.match(err.message, /water-as-a-strategic-input\.md › category: /);
});

test('a misspelt front matter key is an error, not silently ignored', () => {
  const err = contentError(brokenCopy('news/analyst-class-2025.md', (t) => t.replace(/^---\n/, '---\nexcerpts: A second excerpt that nobody would ever see.\n')));
  assert.match(err.message, /analyst-class-2025\.md › front matter: .*excerpts/);
});

test('ids are file names: a front matter id must match it, and file names must be slugs', () => {
  const err = contentError(brokenCopy('news/analyst-class-2025.md', (t) => t.replace(/^---\n/, '---\nid: analyst-class-2024\n')));
  assert.match(err.message, /analyst-class-2025\.md › id: must equal the file name "analyst-class-2025"/);
  const dir = brokenCopy('news/analyst-class-2025.md', (t) => t);
  renameSync(path.join(dir, 'news/analyst-class-2025.md'), path.join(dir, 'news/Analyst Class.md'));
  assert.match(contentError(dir).message, /news\/Analyst Class\.md: file names are the entry's id/);
});

test('broken YAML: the error names the file and the line', () => {
  const err = contentError(brokenCopy('research/water-as-a-strategic-input.md', (t) => t.replace(/^title: (.*)$/m, 'title: "$1')));
  assert.match(err.message, /water-as-a-strategic-input\.md › front matter \(line \d+\): /);
  const none = contentError(brokenCopy('research/water-as-a-strategic-input.md', (t) => t.replace(/^---\n/, '')));
  assert.match(none.message, /water-as-a-strategic-input\.md: must start with front matter/);
});

test('a Markdown body with what the design cannot show: the error names the file, the line and the construct', () => {
  const table = contentError(brokenCopy('news/analyst-class-2025.md', (t) => `${t}\n| a | b |\n| - | - |\n| 1 | 2 |\n`));
  assert.match(table.message, /analyst-class-2025\.md › body \(line \d+\): tables are not supported/);
  const h3 = contentError(brokenCopy('news/analyst-class-2025.md', (t) => `${t}\n### A subheading\n\nText under it.\n`));
  assert.match(h3.message, /body \(line \d+\): only "## " headings/);
  const dup = contentError(brokenCopy('research/water-as-a-strategic-input.md', (t) => `${t}\n## Where value accrues\n\nMore text.\n`));
  assert.match(dup.message, /two sections have the id "where-value-accrues"/);
  const editorial = contentError(brokenCopy('pages/philosophy.md', (t) => `${t}\nA paragraph nobody would see.\n`));
  assert.match(editorial.message, /pages\/philosophy\.md › body \(line \d+\): this kind of page has no body/);
});

test('too few sections, entries or managing partners are reported against the file or folder', () => {
  const sections = contentError(brokenCopy('research/water-as-a-strategic-input.md', (t) => t.replace(/\n## Where Value Accrues[\s\S]*$/, '\n')));
  assert.match(sections.message, /water-as-a-strategic-input\.md › body: needs at least 3 "## " sections \(found 1\)/);
  const short = brokenCopy('team/nadia-haddad.md', () => null);
  for (const f of ['team/mei-lin-tan.md', 'team/graham-pellew.md']) rmSync(path.join(short, f));
  const team = contentError(short);
  assert.match(team.message, /team: needs at least 12 entries \(found 11\)/);
});

test('several problems in different files are all reported at once', () => {
  const dir = brokenCopy('team/mei-lin-tan.md', setField('email', 'x'));
  const p = path.join(dir, 'stories/northwold-forestry.md');
  writeFileSync(p, readFileSync(p, 'utf8').replace(/^title:.*\n/m, ''));
  const err = contentError(dir);
  assert.match(err.message, /team\/mei-lin-tan\.md/);
  assert.match(err.message, /stories\/northwold-forestry\.md/);
});

test('invalid JSON in site.json: the error names the file', () => {
  assert.match(contentError(brokenCopy('site.json', () => '{"name": ')).message, /site\.json: /);
});

test('Markdown bodies render safely: raw HTML is text, dangerous links are dropped, ids come from headings', () => {
  const { body, problems } = parseBody(
    [
      '## Our <script>alert(1)</script> View {#our-view}',
      '',
      'A <img src=x onerror=alert(1)> paragraph with *emphasis*, [a link](/research) and [bad](javascript:alert(1)).',
      '',
      '- one **item**',
      '- two',
      '',
      '## Report Highlights & Outlook',
      '',
      'Text.',
    ].join('\n'),
    { kind: 'sections', min: 2 },
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(
    body.sections.map((s) => [s.id, s.heading]),
    [
      ['our-view', 'Our <script>alert(1)</script> View'],
      ['report-highlights-and-outlook', 'Report Highlights & Outlook'],
    ],
  );
  const [p, list] = body.sections[0].blocks;
  assert.equal(typeof p, 'string');
  const html = typeof p === 'string' ? p : '';
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), html);
  assert.ok(!/<img|<script|href="javascript:/i.test(html), html);
  assert.ok(html.includes('<em>emphasis</em>') && html.includes('<a href="/research">a link</a>'), html);
  assert.deepEqual(list, { ul: ['one <strong>item</strong>', 'two'] });
});

test('a section heading not in Title Case is reported with its line and the fix', () => {
  const { problems } = parseBody(['## How we invest', '', 'Text.', '', '## Where Value Accrues', '', 'Text.'].join('\n'), { kind: 'sections', min: 2 }, 10);
  assert.deepEqual(problems, [{ line: 11, message: 'headings are written in Title Case: "How We Invest"' }]);
});

test('contentImageKeys lists every image the content refers to, with hints, without validating', () => {
  const keys = contentImageKeys(CONTENT);
  assert.deepEqual(keys.get('research/water-as-a-strategic-input'), ['Thematic Research']);
  assert.deepEqual(keys.get('pages/philosophy'), ['Style']);
  assert.ok(keys.has('team/eleanor-vance') && keys.has('stories/northwold-forestry') && keys.has('press/partners-vi-final-close'));
  // A new entry whose artwork does not exist yet is still listed (so npm run images can draw it).
  const dir = brokenCopy('news/analyst-class-2025.md', setField('image', 'news/brand-new-artwork'));
  assert.ok(contentImageKeys(dir).has('news/brand-new-artwork'));
});

test('editorial pages and practice areas follow src/app/site-pages.ts: a page it does not list, a page it lists that is missing, a summary missing or for no area', () => {
  const unlisted = brokenCopy('pages/philosophy.md', (t) => t);
  renameSync(path.join(unlisted, 'pages/philosophy.md'), path.join(unlisted, 'pages/our-philosophy.md'));
  const err = contentError(unlisted);
  assert.match(err.message, /pages\/our-philosophy\.md: src\/app\/site-pages\.ts does not list the page "our-philosophy"/);
  assert.match(err.message, /pages\/philosophy\.md: missing \(src\/app\/site-pages\.ts lists the page "philosophy"\)/);
  const written = contentError(brokenCopy('pages/process.md', (t) => t.replace(/^---\n/, '---\ngroup: Style\n')));
  assert.match(written.message, /process\.md › front matter: Unrecognized key: "group"/, 'the group is not written in the file');
  assert.doesNotMatch(written.message, /missing/);
  const areas = (edit: (list: { id: string; summary: string }[]) => unknown) => brokenCopy('practice-areas.json', (t) => JSON.stringify(edit(JSON.parse(t))));
  assert.match(contentError(areas((l) => l.filter((a) => a.id !== 'buyouts'))).message, /practice-areas\.json: no summary for the practice area "buyouts"/);
  assert.match(
    contentError(areas((l) => [...l, { id: 'industrials', summary: 'Industrial services and manufacturing businesses with strong positions in their niches.' }])).message,
    /item "industrials" \(#9\) › id: not a practice area/,
  );
});
