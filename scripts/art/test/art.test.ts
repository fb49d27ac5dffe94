/**
 * The generators: pure (same content → same SVG, in this process and in another), current (a
 * fresh render of committed keys gives the committed bytes), within the art direction's bounds
 * (every hero's luminance sd ≥ 20 at thumbnail size), drawn from the content's facts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { GAZETTEER, headlineFigure, parseRange, where } from '../lib/facts.ts';
import { BAND, heroSvg, sectorPlan, type Box } from '../lib/heroes.ts';
import { arcOf } from '../lib/map.ts';
import { portraitSvg } from '../lib/portraits.ts';
import { coverPieces, coverSvg } from '../lib/covers.ts';
import { wordmarkSvg } from '../lib/wordmarks.ts';
import { encodeWithinBudget, fromSvg } from '../lib/raster.ts';
import { TEAM_IMAGE, WORDMARK } from '../../../src/app/image-src.ts';
import { ROOT, content, digest, everything, heroKeys, years } from './everything.ts';
import { lumaSd } from '../measure.ts';

test('same content, same SVG: twice here, and in a fresh process', () => {
  const a = everything();
  assert.deepEqual(everything(), a);
  const child = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `const m = await import(${JSON.stringify(path.join(import.meta.dirname, 'everything.ts'))}); console.log(m.digest(m.everything()));`],
    { cwd: ROOT, encoding: 'utf8' },
  ).trim();
  assert.equal(child, digest(a));
});

test('the committed images are a fresh render of the current generators, byte for byte', async () => {
  for (const [key, svg, w, h] of [
    [TEAM_IMAGE.key, heroSvg(TEAM_IMAGE.key, 1920, 1080, content)!.svg, 640, 360],
    [content.team[0]!.image, portraitSvg(content.team[0]!, 0, 720, 900, [content.site.founded, Math.max(...content.portfolio.map((c) => c.invested))]), 320, 400],
  ] as const) {
    const { data, info } = await fromSvg(svg);
    const fresh = await encodeWithinBudget(data, info, w, h, 'webp', key);
    assert.ok(fresh.equals(readFileSync(path.join(ROOT, 'public/images', `${key}-${w}.webp`))), `${key}-${w}.webp differs from a fresh render: run npm run images`);
  }
  for (const c of content.portfolio.slice(0, 5)) {
    assert.equal(readFileSync(path.join(ROOT, 'public/images/portfolio', `${c.id}.svg`), 'utf8'), wordmarkSvg(c, WORDMARK.width, WORDMARK.height));
  }
});

test('every hero has real tonal range at thumbnail size (luminance sd ≥ 20 of 255)', async () => {
  for (const key of heroKeys) {
    const sd = await lumaSd(
      await sharp(Buffer.from(heroSvg(key, 1920, 1080, content)!.svg))
        .resize(640)
        .png()
        .toBuffer(),
    );
    assert.ok(sd >= 20, `${key}: sd ${sd.toFixed(1)}`);
  }
});

test('heroes are drawn from the page: each distinct, no raster, no text the machine must supply', () => {
  const svgs = heroKeys.map((k) => heroSvg(k, 1920, 1080, content)!.svg);
  assert.equal(new Set(svgs).size, svgs.length);
  for (const s of svgs) assert.doesNotMatch(s, /<text|<image|href=|font-family/);
  assert.equal(heroSvg('pages/no-such-page', 1920, 1080, content), undefined);
});

test('portraits: typographic plates, neighbours on different grounds, no pictures', () => {
  const grounds = content.team.map((m, i) => /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(portraitSvg(m, i, 720, 900, years))![1]);
  grounds.slice(1).forEach((g, i) => assert.notEqual(g, grounds[i], `${content.team[i + 1]!.id} and ${content.team[i]!.id}`));
  for (const [i, m] of content.team.entries()) assert.doesNotMatch(portraitSvg(m, i, 720, 900, years), /<text|<image|<circle|<ellipse/);
});

test('headline figures come from the title or excerpt; years are not figures', () => {
  assert.deepEqual(headlineFigure('Partners VI Closes at $4.2 Billion Hard Cap'), { value: '$4.2B', label: 'hard cap' });
  assert.deepEqual(headlineFigure('Welcomes Its 2025 Analyst Class', 'has welcomed nine analysts to its offices'), { value: '9', label: 'analysts' });
  assert.deepEqual(headlineFigure('Hosts 2026 Meeting', 'More than 300 representatives gathered'), { value: '300+', label: 'representatives' });
  assert.equal(headlineFigure('Publishes 2024 Responsible Investment Report', 'during 2024.'), undefined);
});

test('ranges as written on the strategy pages', () => {
  assert.deepEqual(parseRange('$25M–$150M'), { lo: 25e6, hi: 150e6, unit: '$', open: false });
  assert.deepEqual(parseRange('$100M–$1B+'), { lo: 100e6, hi: 1e9, unit: '$', open: true });
  assert.deepEqual(parseRange('5–7 years'), { lo: 5, hi: 7, unit: 'years', open: false });
  assert.deepEqual(parseRange('25%+'), { lo: 25, hi: 25, unit: '%', open: true });
  assert.equal(parseRange('Debt & equity'), undefined);
});

test('every headquarters and office is on the map; an unknown city names its file', () => {
  for (const c of content.portfolio) assert.ok(GAZETTEER[c.headquarters], `${c.file}: ${c.headquarters}`);
  assert.throws(() => where('Atlantis', 'content/portfolio/x.md'), /content\/portfolio\/x\.md: no coordinates for "Atlantis"/);
});

test('wordmarks: one per company, outlined, inert, in the WORDMARK box', () => {
  const marks = content.portfolio.map((c) => wordmarkSvg(c, WORDMARK.width, WORDMARK.height));
  assert.equal(new Set(marks).size, marks.length);
  for (const s of marks) {
    assert.match(s, new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="${WORDMARK.width}" height="${WORDMARK.height}"`));
    assert.doesNotMatch(s, /style=|<text|<script|href=|url\(/);
  }
});

test('covers: neighbours never share a field, newest first in each listing and in each category', () => {
  const pieces = coverPieces(content);
  const field = (key: string) => /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(coverSvg(pieces.get(key)!, 1200, 800, content.portfolio))![1];
  const newestFirst = (xs: { image: string; date: string }[]) => [...xs].sort((a, b) => b.date.localeCompare(a.date) || a.image.localeCompare(b.image)).map((x) => x.image);
  const lists = [
    ...[content.research, content.news, content.pressReleases].map(newestFirst),
    ...[...new Set(content.research.map((r) => r.category))].map((c) => newestFirst(content.research.filter((r) => r.category === c))),
    ...[...new Set(content.news.map((r) => r.type))].map((t) => newestFirst(content.news.filter((r) => r.type === t))),
  ];
  for (const keys of lists) keys.slice(1).forEach((k, i) => assert.notEqual(field(k), field(keys[i]!), `${keys[i]} and ${k}`));
  // a fund close reads as news: the dark field, its sum in brass
  assert.match(coverSvg(pieces.get('press/partners-vi-final-close')!, 1200, 800, content.portfolio), /^<svg[^>]*><rect [^>]*fill="#10233d"/);
});

test('sector maps: every office on land and named, no name over a marker or another name, all left of the band', () => {
  const W = 1920;
  const H = 1080;
  for (const area of content.practiceAreas.filter((a) => a.kind === 'sector')) {
    const plan = sectorPlan(W, H, area.id, content);
    assert.deepEqual(
      plan.labels.map((l) => l.text),
      plan.offices.map((o) => o.text),
      `${area.id}: an office left unnamed`,
    );
    for (const { text, at: [x, y] } of plan.offices) for (const [dx, dy] of [[-4, -4], [4, -4], [-4, 4], [4, 4], [0, 0]] as const) assert.ok(plan.map.land(x + dx, y + dy), `${area.id}: ${text}'s square is off the coast`);
    const hit = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    plan.labels.forEach((l, i) => {
      assert.ok(l.box[2] <= W * BAND.x0, `${area.id}: ${l.text} runs into the band`);
      for (const m of plan.markers) assert.ok(!hit(l.box, m), `${area.id}: ${l.text} covers a marker`);
      for (const o of plan.labels.slice(i + 1)) assert.ok(!hit(l.box, o.box), `${area.id}: ${l.text} and ${o.text} overlap`);
    });
    for (const [x] of plan.dots) assert.ok(x < W * BAND.x0, `${area.id}: a company marker in the band`);
  }
});

test('the shortest arc of longitude: Tokyo and Denver centre on the Pacific, London and New York on the Atlantic', () => {
  const pacific = arcOf([139.69, -104.99]);
  assert.equal(pacific.centre.toFixed(2), '-162.65');
  assert.equal(pacific.width.toFixed(2), '115.32');
  assert.deepEqual(arcOf([-74, -0.13]), { centre: -37.065, width: 73.87 });
});
