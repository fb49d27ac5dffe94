/**
 * Portfolio company wordmarks: every company in the content has its logotype in public/images
 * (drawn by scripts/art, committed), an inert SVG in the WORDMARK box (it is served as an image
 * from 'self'; the CSP allows no style attribute), and <CompanyMark> shows it as a decorative
 * image of that box, the company's name staying text beside it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { WORDMARK, wordmarkFile } from '../../src/app/image-src.ts';
import { CompanyMark } from '../../src/app/components/CompanyMark.tsx';

const companies = readdirSync('content/portfolio')
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));

test('every portfolio company has its wordmark: an inert SVG in the WORDMARK box', () => {
  assert.ok(companies.length >= 40);
  for (const id of companies) {
    const file = path.join('public/images', wordmarkFile(id));
    assert.ok(existsSync(file), `${file} is missing: run npm run images`);
    const svg = readFileSync(file, 'utf8');
    assert.match(svg, new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="${WORDMARK.width}" height="${WORDMARK.height}" viewBox="0 0 ${WORDMARK.width} ${WORDMARK.height}">`), file);
    assert.doesNotMatch(svg, /style=|<script|<text|href=|url\(/, `${file}: outlined and inert`);
    assert.ok(svg.length < 24_000, `${file}: ${svg.length} bytes`);
  }
  // no wordmark left for a company that is gone
  assert.deepEqual(readdirSync('public/images/portfolio').sort(), companies.map((id) => `${id}.svg`).sort());
});

test('<CompanyMark> is the wordmark image, decorative, with its box reserved', () => {
  const html = renderToStaticMarkup(createElement(CompanyMark, { id: 'corvane-logistics', name: 'Corvane Logistics', sector: 'industrials' }));
  assert.equal(
    html,
    `<img class="company-mark company-mark--m" src="/images/portfolio/corvane-logistics.svg" alt="" width="${WORDMARK.width}" height="${WORDMARK.height}" loading="lazy" decoding="async"/>`,
  );
  assert.doesNotMatch(html, />CL</, 'no initials');
});
