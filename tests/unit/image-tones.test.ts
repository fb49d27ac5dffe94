/**
 * src/app/image-tones.ts: an image's box is painted, while the image loads, in the tone nearest to
 * the picture's mean colour — through a class, since the CSP allows no style attribute.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IMAGE_TONES, toneClass, toneOf } from '../../src/app/image-tones.ts';
import { Img } from '../../src/app/components/Img.tsx';

const lightness = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

test('the stylesheet has one rule per tone, with the same colour, in the same order', () => {
  const css = readFileSync('src/app/styles/image-tones.css', 'utf8');
  const rules = [...css.matchAll(/\.img\.img--tone-(\d+) \{ background-color: (#[0-9a-f]{6}); \}/g)].map((m) => [Number(m[1]), m[2]]);
  assert.deepEqual(
    rules,
    IMAGE_TONES.map((t, i) => [i, t]),
  );
  assert.match(readFileSync('src/app/styles/index.css', 'utf8'), /@import '\.\/image-tones\.css';/);
});

test('each tone is its own nearest tone; other colours go to a tone of about their lightness', () => {
  IMAGE_TONES.forEach((t, i) => assert.equal(toneOf(t), i));
  for (const c of ['#30343d', '#374e6a', '#8c98a5', '#e2e3e2', '#a8a296', '#101010', '#ffffff']) {
    const t = IMAGE_TONES[toneOf(c)!];
    assert.ok(Math.abs(lightness(t) - lightness(c)) < 0.12, `${c} → ${t}`);
  }
  assert.equal(toneOf('navy'), null);
  assert.equal(toneClass(''), undefined);
});

test('every image the site ships gets a tone near its mean colour (not one light grey for all)', () => {
  const manifest = JSON.parse(readFileSync('public/images/manifest.json', 'utf8')) as Record<string, { color: string }>;
  const used = new Set<number>();
  for (const [key, { color }] of Object.entries(manifest)) {
    const i = toneOf(color);
    assert.notEqual(i, null, `${key}: colour ${color}`);
    assert.ok(Math.abs(lightness(IMAGE_TONES[i!]) - lightness(color)) < 0.08, `${key}: ${color} → ${IMAGE_TONES[i!]}`);
    used.add(i!);
  }
  assert.ok(used.size >= 8, `tones used: ${used.size}`);
});

test('<Img> renders the tone class on its <picture>', () => {
  const html = renderToStaticMarkup(
    createElement(Img, { image: { key: 'team/samuel-adeyemi', width: 720, height: 900, widths: [320, 720], color: '#30343d' }, alt: 'Portrait', sizes: '100vw', className: 'person__img' }),
  );
  assert.match(html, /<picture class="img img--tone-11 person__img">/);
});
