import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstSentence, isLeader } from '../../src/app/team.ts';

test('leaders are exactly the members whose title contains "Managing Partner"', () => {
  assert.equal(isLeader({ title: 'Managing Partner' }), true);
  assert.equal(isLeader({ title: 'Co-Founder & Managing Partner' }), true);
  assert.equal(isLeader({ title: 'Managing Partner, Head of Buyouts' }), true);
  assert.equal(isLeader({ title: 'Partner, Pharmaceuticals' }), false);
  assert.equal(isLeader({ title: 'Operating Partner' }), false);
  assert.equal(isLeader({ title: 'Managing Director' }), false);
  assert.equal(isLeader({ title: 'managing partner' }), false, 'case-sensitive, as in the seed');
});

test('firstSentence stops at the first sentence end followed by a new sentence', () => {
  assert.equal(firstSentence('Eleanor founded the firm in 1999. She chairs the committee.'), 'Eleanor founded the firm in 1999.');
  assert.equal(firstSentence('Is this it? Yes it is.'), 'Is this it?');
  assert.equal(firstSentence('Remarkable! Truly.'), 'Remarkable!');
  assert.equal(firstSentence('She said so. “Quoted” follows.'), 'She said so.');
});

test('firstSentence does not split on abbreviations or decimals followed by lowercase or digits', () => {
  assert.equal(firstSentence('She holds an M.B.A. from Wharton. Next.'), 'She holds an M.B.A. from Wharton.');
  assert.equal(firstSentence('Returns of 2.5x on average. Then more.'), 'Returns of 2.5x on average.');
  assert.equal(firstSentence('Joined in 2004 e.g. for growth. Then more.'), 'Joined in 2004 e.g. for growth.');
});

test('firstSentence reads only the first paragraph', () => {
  assert.equal(firstSentence('One sentence without an ending\n\nSecond paragraph. More.'), 'One sentence without an ending');
  assert.equal(firstSentence('Only one sentence.\n\nSecond paragraph.'), 'Only one sentence.');
  assert.equal(firstSentence(''), '');
});
