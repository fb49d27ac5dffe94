import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentError, loadContent } from '../../src/content/load.ts';

const CONTENT = path.resolve('content');
const temps: string[] = [];
after(() => { for (const d of temps) rmSync(d, { recursive: true, force: true }); });

/** A temporary copy of content/ with one file changed by `edit`. */
function brokenCopy(file: string, edit: (data: any) => unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hrc-content-'));
  temps.push(dir);
  cpSync(CONTENT, dir, { recursive: true });
  const p = path.join(dir, file);
  const result = edit(JSON.parse(readFileSync(p, 'utf8')));
  writeFileSync(p, typeof result === 'string' ? result : JSON.stringify(result));
  return dir;
}

function contentError(dir: string): ContentError {
  try {
    loadContent(dir);
  } catch (err) {
    assert.ok(err instanceof ContentError, `expected ContentError, got ${err}`);
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
  for (const r of c.research) assert.ok(['Market Commentary', 'Sector Analysis', 'Thematic Research'].includes(r.category));
  for (const n of c.news) assert.ok(['Award', 'Portfolio News', 'Team', 'Event', 'Market Insight'].includes(n.type));
  const all = JSON.stringify(c).toLowerCase();
  assert.ok(!all.includes('lorem ipsum'), 'no placeholder copy');
  assert.ok(!/\btodo\b/.test(all), 'no TODO in copy');
});

test('a team member with an invalid email: the error names the file, the member and the field', () => {
  let id = '';
  const dir = brokenCopy('team.json', (team) => {
    team[3].email = 'not-an-email';
    id = team[3].id;
    return team;
  });
  const err = contentError(dir);
  assert.match(err.message, /team\.json/);
  assert.ok(err.message.includes(`"${id}"`), err.message);
  assert.match(err.message, /email/);
  assert.equal(err.problems.length, 1, 'only the broken field is reported');
});

test('a story missing its title: the error names the file, the story and the field', () => {
  let id = '';
  const dir = brokenCopy('stories.json', (stories) => {
    delete stories[1].title;
    id = stories[1].id;
    return stories;
  });
  const err = contentError(dir);
  assert.match(err.message, /stories\.json/);
  assert.ok(err.message.includes(`"${id}"`), err.message);
  assert.match(err.message, /title/);
});

test('invalid JSON: the error names the file', () => {
  const dir = brokenCopy('research.json', () => '[{"id": "broken",');
  const err = contentError(dir);
  assert.match(err.message, /research\.json/);
});

test('a research item with an unknown category is rejected', () => {
  let id = '';
  const dir = brokenCopy('research.json', (items) => {
    items[0].category = 'Gossip';
    id = items[0].id;
    return items;
  });
  const err = contentError(dir);
  assert.ok(err.message.includes(`"${id}"`) && /category/.test(err.message), err.message);
});

test('duplicate ids are rejected', () => {
  const dir = brokenCopy('news.json', (items) => {
    items[1].id = items[0].id;
    return items;
  });
  assert.match(contentError(dir).message, /news\.json.*duplicate id/);
});

test('fewer team members than the minimum is rejected', () => {
  const dir = brokenCopy('team.json', (team) => team.slice(0, 11));
  assert.match(contentError(dir).message, /team\.json/);
});

test('several problems in different files are all reported at once', () => {
  const dir = brokenCopy('team.json', (team) => { team[0].email = 'x'; return team; });
  const p = path.join(dir, 'stories.json');
  const stories = JSON.parse(readFileSync(p, 'utf8'));
  delete stories[0].title;
  writeFileSync(p, JSON.stringify(stories));
  const err = contentError(dir);
  assert.match(err.message, /team\.json/);
  assert.match(err.message, /stories\.json/);
});
