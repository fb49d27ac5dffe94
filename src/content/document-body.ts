/**
 * The Markdown of a library document (content/documents/<id>.md) → the blocks its PDF is set from
 * (src/content/pdf). More than a page body may hold, because a report needs it: "## " chapters
 * and "### " sections, paragraphs with emphasis and links, flat lists, pipe tables (a "Table: …"
 * paragraph just before one is its caption), and two fenced blocks whose YAML the build draws:
 *
 *     ```chart                          ```table
 *     title: Emissions Intensity          title: Companies by Strategy and Sector
 *     unit: tCO2e per $m revenue          source: portfolio.strategy-by-sector
 *     data: { 2023: 41.2, 2024: 37.5 }    ```
 *     ```
 *
 * A chart has inline `data` or a `source` computed from content/ (DATA_SOURCES); a data table
 * always has a `source`. Raw HTML is text, and anything else (quotes, code, images, other heading
 * levels, nested lists) is a content error with its line, as in page bodies.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Body, ProseBlock } from '../app/types.ts';
import { slugify } from './markdown.ts';
import { isTitleCase, toTitleCase } from './title-case.ts';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

/** A run of text with its style; `href` for a link. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  href?: string;
}

/** Portfolio counts the build computes from content/portfolio (current companies unless said). */
export const DATA_SOURCES = {
  'portfolio.by-strategy': 'current portfolio companies by strategy',
  'portfolio.by-sector': 'current portfolio companies by sector',
  'portfolio.by-region': 'current portfolio companies by region',
  'portfolio.strategy-by-sector': 'current portfolio companies by strategy (rows) and sector (columns)',
  'portfolio.investments-by-year': 'companies by year of investment, current and realized',
} as const;
export type DataSource = keyof typeof DATA_SOURCES;

const sourceName = z.enum(Object.keys(DATA_SOURCES) as [DataSource, ...DataSource[]]);
const ChartSpec = z
  .strictObject({
    title: z.string().trim().min(1),
    /** What the numbers count or measure, printed beside the title: "tCO2e per $m revenue". */
    unit: z.string().trim().min(1).optional(),
    source: sourceName.optional(),
    /** Label → value, in order. */
    data: z.record(z.string(), z.number()).optional(),
    /** A sentence under the chart: where the figures come from, what they leave out. */
    note: z.string().trim().min(1).optional(),
  })
  .refine((c) => (c.source === undefined) !== (c.data === undefined), 'a chart needs either `data` or a `source`, not both')
  .refine((c) => c.data === undefined || Object.keys(c.data).length >= 2, 'a chart needs at least two bars');
export type ChartSpecT = z.infer<typeof ChartSpec>;
const DataTableSpec = z.strictObject({ title: z.string().trim().min(1), source: sourceName, note: z.string().trim().min(1).optional() });
export type DataTableSpecT = z.infer<typeof DataTableSpec>;

export type DocBlock =
  | { type: 'heading'; level: 2 | 3; text: string; id: string }
  | { type: 'paragraph'; runs: Run[] }
  | { type: 'list'; ordered: boolean; items: Run[][] }
  | { type: 'table'; caption?: string; head: string[]; rows: string[][]; numeric: boolean[] }
  | { type: 'chart'; spec: ChartSpecT }
  | { type: 'data-table'; spec: DataTableSpecT };

export interface DocumentBodyProblem {
  line: number | null;
  message: string;
}

/** The runs of an inline token: text with bold, italic and links (code is plain text). */
function runsOf(inline: Token, problem: (message: string) => void): Run[] {
  const runs: Run[] = [];
  let bold = 0;
  let italic = 0;
  let href: string | undefined;
  for (const c of inline.children ?? []) {
    switch (c.type) {
      case 'text':
      case 'code_inline':
        runs.push({ text: c.content, ...(bold ? { bold: true } : {}), ...(italic ? { italic: true } : {}), ...(href ? { href } : {}) });
        break;
      case 'softbreak':
      case 'hardbreak':
        runs.push({ text: ' ' });
        break;
      case 'strong_open':
        bold++;
        break;
      case 'strong_close':
        bold--;
        break;
      case 'em_open':
        italic++;
        break;
      case 'em_close':
        italic--;
        break;
      case 'link_open':
        href = String(c.attrGet('href') ?? '') || undefined;
        if (href && !/^(https:\/\/|mailto:|\/)/.test(href)) problem(`link "${href}": a document links to https:// addresses, mailto: or the site's own pages ("/disclosures")`);
        break;
      case 'link_close':
        href = undefined;
        break;
      case 'image':
        problem('images are not supported in documents (charts are drawn from ```chart blocks)');
        break;
      default:
        break;
    }
  }
  // Adjacent runs of one style read as one.
  const merged: Run[] = [];
  for (const r of runs) {
    const last = merged.at(-1);
    if (last && last.bold === r.bold && last.italic === r.italic && last.href === r.href) last.text += r.text;
    else merged.push({ ...r });
  }
  return merged;
}

export const runsText = (runs: Run[]) => runs.map((r) => r.text).join('');

/** Cells that read as numbers ("12", "41.2", "$1.4bn", "38%", "–", "n/a") are set right-aligned. */
const NUMERIC = /^([-–—]|n\/a|[($£€]?[-+−]?\d[\d,.]*\s?(%|x|bn|m|k|pp)?\)?)$/i;

/** Parses a document body: its blocks for the PDF, and every problem with its file line. */
export function parseDocumentBody(source: string, lineOffset = 0): { blocks: DocBlock[]; problems: DocumentBodyProblem[] } {
  const problems: DocumentBodyProblem[] = [];
  const blocks: DocBlock[] = [];
  const tokens = md.parse(source, {});
  const lineOf = (t: Token) => (t.map ? t.map[0] + 1 + lineOffset : null);
  const ids = new Set<string>();
  let caption: string | undefined;

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const problem = (message: string) => problems.push({ line: lineOf(t), message });
    if (caption !== undefined && t.type !== 'table_open') {
      problem('a "Table: …" caption must come just before its table');
      caption = undefined;
    }
    switch (t.type) {
      case 'heading_open': {
        const text = runsText(runsOf(tokens[i + 1], problem)).trim();
        i += 2;
        if (t.tag !== 'h2' && t.tag !== 'h3') {
          problem(t.tag === 'h1' ? 'the title comes from the front matter: start chapters with "## "' : `only "## " chapters and "### " sections, not ${'#'.repeat(Number(t.tag.slice(1)))}`);
          continue;
        }
        if (!text) problem('a heading must not be empty');
        else if (!isTitleCase(text)) problem(`headings are written in Title Case: "${toTitleCase(text)}"`);
        const id = slugify(text);
        if (ids.has(id)) problem(`two headings read "${text}"`);
        ids.add(id);
        blocks.push({ type: 'heading', level: t.tag === 'h2' ? 2 : 3, text, id });
        break;
      }
      case 'paragraph_open': {
        const runs = runsOf(tokens[i + 1], problem);
        i += 2;
        const text = runsText(runs);
        if (/^Table:\s/.test(text)) caption = text.replace(/^Table:\s+/, '').trim();
        else blocks.push({ type: 'paragraph', runs });
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const items: Run[][] = [];
        let j = i + 1;
        for (; tokens[j].type !== t.type.replace('_open', '_close') || tokens[j].level !== t.level; j++) {
          const u = tokens[j];
          if (u.type === 'inline' && u.level === t.level + 3) items.push(runsOf(u, problem));
          else if (u.type === 'bullet_list_open' || u.type === 'ordered_list_open') problems.push({ line: lineOf(u), message: 'nested lists are not supported' });
          else if (u.type === 'paragraph_open' && tokens[j - 1].type !== 'list_item_open') problems.push({ line: lineOf(u), message: 'a list item must be one paragraph' });
        }
        blocks.push({ type: 'list', ordered: t.type === 'ordered_list_open', items });
        i = j;
        break;
      }
      case 'table_open': {
        const head: string[] = [];
        const rows: string[][] = [];
        let row: string[] | null = null;
        let inHead = false;
        let j = i + 1;
        for (; tokens[j].type !== 'table_close'; j++) {
          const u = tokens[j];
          if (u.type === 'thead_open') inHead = true;
          else if (u.type === 'thead_close') inHead = false;
          else if (u.type === 'tr_open') row = [];
          else if (u.type === 'tr_close' && row) {
            if (inHead) head.push(...row);
            else rows.push(row);
            row = null;
          } else if (u.type === 'inline' && row) row.push(runsText(runsOf(u, problem)).trim());
        }
        i = j;
        if (!rows.length) problem('a table needs at least one row under its header');
        if (rows.some((r) => r.length !== head.length)) problem('every row of a table needs as many cells as its header');
        if (!caption) problem('a table needs a caption: a "Table: …" paragraph just before it');
        const numeric = head.map((_, c) => c > 0 && rows.every((r) => NUMERIC.test(r[c] ?? '')));
        blocks.push({ type: 'table', ...(caption ? { caption } : {}), head, rows, numeric });
        caption = undefined;
        break;
      }
      case 'fence': {
        const kind = t.info.trim();
        if (kind !== 'chart' && kind !== 'table') {
          problem('code blocks are not supported: a fenced block is a ```chart or a ```table');
          break;
        }
        let data: unknown;
        try {
          data = parseYaml(t.content);
        } catch (err) {
          problem(`the ${kind} is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
          break;
        }
        const parsed = kind === 'chart' ? ChartSpec.safeParse(data) : DataTableSpec.safeParse(data);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) problem(`${kind}${issue.path.length ? ` › ${issue.path.join('.')}` : ''}: ${issue.message}`);
          break;
        }
        blocks.push(kind === 'chart' ? { type: 'chart', spec: parsed.data as ChartSpecT } : { type: 'data-table', spec: parsed.data as DataTableSpecT });
        break;
      }
      case 'blockquote_open':
      case 'code_block':
      case 'hr':
      case 'html_block':
        problem(`${t.type === 'blockquote_open' ? 'block quotes' : t.type === 'hr' ? 'horizontal rules' : t.type === 'html_block' ? 'HTML' : 'indented code'} are not supported in documents`);
        break;
      default:
        break;
    }
  }
  if (caption !== undefined) problems.push({ line: null, message: 'a "Table: …" caption must come just before its table' });
  if (!blocks.some((b) => b.type === 'heading' && b.level === 2)) problems.push({ line: null, message: 'a document needs at least one "## " chapter' });
  if (blocks[0] && !(blocks[0].type === 'heading' && blocks[0].level === 2))
    problems.push({ line: null, message: 'a document starts with its first "## " chapter (the cover and contents are made from the front matter)' });
  return { blocks, problems };
}

/**
 * The blocks as a page body (chapters with their text, tables and charts named by their titles):
 * what search indexes of a document.
 */
export function documentBodyOf(blocks: DocBlock[]): Body {
  const body: Body = { intro: [], sections: [] };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const add = (b: ProseBlock) => (body.sections.at(-1)?.blocks ?? body.intro).push(b);
  for (const b of blocks) {
    if (b.type === 'heading' && b.level === 2) body.sections.push({ id: b.id, heading: b.text, blocks: [] });
    else if (b.type === 'heading') add(esc(`${b.text}.`));
    else if (b.type === 'paragraph') add(esc(runsText(b.runs)));
    else if (b.type === 'list') add({ ul: b.items.map((r) => esc(runsText(r))) });
    else if (b.type === 'table') add(esc(`${b.caption ?? ''}.`));
    else add(esc(`${b.spec.title}.`));
  }
  return body;
}
