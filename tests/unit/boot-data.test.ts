import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInThisContext } from 'node:vm';
import { serializeBootData } from '../../src/app/Document.tsx';

const tricky = {
  title: '</script><script>alert(1)</script>',
  comment: '<!-- <script>',
  amp: 'R&D & <b>',
  lineSep: 'a\u2028b\u2029c',
  nested: [{ html: '</SCRIPT >' }, '</script>'],
  unicode: 'Zürich — “quoted”',
};

test('no sequence that could end or confuse the <script> element survives', () => {
  const s = serializeBootData(tricky);
  assert.ok(!s.includes('<'), 'no raw <');
  assert.ok(!/<\/script/i.test(s));
  assert.ok(!s.includes('<!--'));
  assert.ok(!s.includes('\u2028') && !s.includes('\u2029'), 'no raw line/paragraph separators');
});

test('round-trips through JSON.parse to the same value', () => {
  assert.deepEqual(JSON.parse(serializeBootData(tricky)), tricky);
  const plain = { data: { '/api/team': [{ id: 'a', n: 1, ok: true, nil: null }] } };
  assert.deepEqual(JSON.parse(serializeBootData(plain)), plain);
});

test('is also valid JavaScript that evaluates to the same value', () => {
  // Older engines treated U+2028/2029 as line terminators inside string literals.
  assert.deepEqual(runInThisContext(`(${serializeBootData(tricky)});`), tricky);
});
