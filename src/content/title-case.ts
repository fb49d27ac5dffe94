/**
 * The site's one heading style: Title Case (AP style), as in "Capital for the Next Stage" and
 * "Control With Purpose": every word capitalised except articles, short conjunctions and
 * prepositions of up to three letters inside a heading. Content headings are checked at load
 * (markdown.ts); every rendered heading is checked by tests/http/heading-case.test.ts.
 */

/** Words that stay lower case inside a heading (not first, not last, not after a colon). */
const MINOR = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'so', 'yet', 'as', 'at', 'by', 'in', 'of', 'off', 'on', 'per', 'to', 'up', 'via', 'vs']);

interface Word {
  text: string;
  first: boolean;
  last: boolean;
}

function words(heading: string): Word[] {
  const parts = heading.split(/\s+/).filter(Boolean);
  return parts.map((text, i) => ({ text, first: i === 0 || /[:—–]$/.test(parts[i - 1]), last: i === parts.length - 1 }));
}

/** Letters only, for the minor-word test ("to," → "to"). */
const bare = (w: string) => w.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');

function caseOf(part: string, minorAllowed: boolean): string {
  const b = bare(part);
  if (!b || !/^\p{L}/u.test(b)) return part;
  // Mixed-case words (iPhone, eBay, McKinsey) and acronyms are left as written.
  if (/\p{Lu}/u.test(b.slice(1)) || /\d/.test(b)) return part;
  if (minorAllowed && MINOR.has(b.toLowerCase())) return part.replace(b, b.toLowerCase());
  return part.replace(b, b[0].toUpperCase() + b.slice(1));
}

/** The heading in Title Case (hyphenated words: each part, "Go-to-Market"). */
export function toTitleCase(heading: string): string {
  return words(heading)
    .map((w) =>
      w.text
        .split('-')
        .map((p, j, all) => caseOf(p, !(w.first && j === 0) && !(w.last && j === all.length - 1)))
        .join('-'),
    )
    .join(' ');
}

/** Whether a heading is written in Title Case. */
export const isTitleCase = (heading: string) => toTitleCase(heading) === heading.replace(/\s+/g, ' ').trim();
