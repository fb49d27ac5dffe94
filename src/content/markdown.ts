/**
 * Markdown bodies → the structure pages render. markdown-it parses (raw HTML disabled: a `<script>`
 * in content is text, links are checked by its validateLink — no `javascript:`), and this module
 * keeps only what the design can show: `## Heading` starts a section (its id is the heading's slug,
 * or an explicit `{#id}` at the end of the heading, so existing anchors survive a retitle),
 * paragraphs, and bullet or numbered lists. Anything else (tables, quotes, code, images, other
 * heading levels) is a content error with its line, not something silently dropped.
 *
 * Paragraphs and list items carry *inline* HTML rendered by markdown-it (emphasis, links, code):
 * escaped text plus a handful of safe tags, so pages can inject it as is. Headings are plain text.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import type { Body, BodySection, ProseBlock } from '../app/types.ts';
import { isTitleCase, toTitleCase } from './title-case.ts';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

/** What a collection's body may hold. */
export type BodyRule =
  /** No body at all (structured pages: everything is in the front matter). */
  | { kind: 'none' }
  /** Paragraphs only, at least `min` (a bio, a story overview); `plain`: no inline formatting. */
  | { kind: 'paragraphs'; min: number; plain?: boolean }
  /** `## ` sections, at least `min`, each with text; `intro`: paragraphs or lists before the first heading. */
  | { kind: 'sections'; min: number; intro?: 'forbidden' | 'required' }
  /** A library document set as a PDF: chapters, sections, tables and charts (document-body.ts, read by load.ts). */
  | { kind: 'document' };

export interface BodyProblem {
  line: number | null;
  message: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Report highlights & outlook" → "report-highlights-and-outlook". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘"“”]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The text of an inline token, without markup (softbreaks become spaces). */
function plainText(inline: Token): string {
  return (inline.children ?? []).map((c) => (c.type === 'softbreak' || c.type === 'hardbreak' ? ' ' : c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');
}

const BLOCK_NAMES: Record<string, string> = {
  blockquote_open: 'block quotes',
  fence: 'code blocks',
  code_block: 'code blocks',
  hr: 'horizontal rules',
  table_open: 'tables',
  html_block: 'HTML',
};

/**
 * Parses a body. `lineOffset` is the line of the file where the body starts (after the front
 * matter), so problems point at the file's own line numbers.
 */
export function parseBody(source: string, rule: Exclude<BodyRule, { kind: 'document' }>, lineOffset = 0): { body: Body; problems: BodyProblem[] } {
  const problems: BodyProblem[] = [];
  const body: Body = { intro: [], sections: [] };
  const tokens = md.parse(source, {});
  const lineOf = (t: Token) => (t.map ? t.map[0] + 1 + lineOffset : null);
  const problem = (t: Token | null, message: string) => problems.push({ line: t ? lineOf(t) : null, message });

  const inlineHtml = (inline: Token): string => {
    for (const c of inline.children ?? []) {
      if (c.type === 'image') problem(inline, 'images in text are not supported (the artwork is the front matter\'s "image")');
    }
    if (rule.kind === 'paragraphs' && rule.plain && (inline.children ?? []).some((c) => !['text', 'softbreak'].includes(c.type))) {
      problem(inline, 'formatting is not supported here (this text is shown as plain text)');
    }
    return md.renderer.renderInline(inline.children ?? [], md.options, {}).trim();
  };

  let section: BodySection | null = null;
  const seen = new Set<string>();
  const add = (block: ProseBlock) => (section ? section.blocks.push(block) : body.intro.push(block));

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    switch (t.type) {
      case 'heading_open': {
        const inline = tokens[i + 1];
        i += 2;
        if (rule.kind !== 'sections') {
          problem(t, 'headings are not supported here');
          continue;
        }
        if (t.tag !== 'h2') {
          problem(t, t.tag === 'h1' ? 'the title comes from the front matter: start sections with "## "' : `only "## " headings (sections) are supported, not ${'#'.repeat(Number(t.tag.slice(1)))}`);
          continue;
        }
        let text = plainText(inline).trim();
        let id: string;
        const explicit = /\s*\{#([^}]*)\}$/.exec(text);
        if (explicit) {
          text = text.slice(0, explicit.index).trim();
          id = explicit[1];
          if (!SLUG.test(id)) problem(t, `section id "{#${id}}" must be a lowercase slug like "our-approach"`);
        } else {
          id = slugify(text);
        }
        if (!text) problem(t, 'a section heading must not be empty');
        else if (!isTitleCase(text)) problem(t, `headings are written in Title Case: "${toTitleCase(text)}"`);
        if (seen.has(id)) problem(t, `two sections have the id "${id}" (add {#another-id} to one heading)`);
        seen.add(id);
        section = { id, heading: text, blocks: [] };
        body.sections.push(section);
        break;
      }
      case 'paragraph_open':
        add(inlineHtml(tokens[i + 1]));
        i += 2;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const open = t;
        const items: string[] = [];
        let j = i + 1;
        for (; tokens[j].type !== open.type.replace('_open', '_close') || tokens[j].level !== open.level; j++) {
          const u = tokens[j];
          if (u.type === 'inline' && u.level === open.level + 3) items.push(inlineHtml(u));
          else if (u.type === 'bullet_list_open' || u.type === 'ordered_list_open') problem(u, 'nested lists are not supported');
          else if (u.type === 'paragraph_open' && tokens[j - 1].type !== 'list_item_open') problem(u, 'a list item must be one paragraph');
          else if (BLOCK_NAMES[u.type]) problem(u, `${BLOCK_NAMES[u.type]} are not supported in lists`);
        }
        if (rule.kind === 'paragraphs' || rule.kind === 'none') problem(open, 'lists are not supported here');
        else add(open.type === 'bullet_list_open' ? { ul: items } : { ol: items });
        i = j;
        break;
      }
      default:
        if (BLOCK_NAMES[t.type]) problem(t, `${BLOCK_NAMES[t.type]} are not supported: use paragraphs${rule.kind === 'sections' ? ', lists and "## " sections' : ''}`);
    }
  }

  if (rule.kind === 'none') {
    if (tokens.length) problems.push({ line: lineOf(tokens[0]), message: 'this kind of page has no body: everything goes in the front matter' });
  } else if (rule.kind === 'paragraphs') {
    if (body.intro.length < rule.min) problems.push({ line: null, message: `needs at least ${rule.min} paragraph${rule.min === 1 ? '' : 's'} (found ${body.intro.length})` });
  } else {
    if (body.sections.length < rule.min) problems.push({ line: null, message: `needs at least ${rule.min} "## " sections (found ${body.sections.length})` });
    if (rule.intro === 'forbidden' && body.intro.length) problems.push({ line: null, message: 'text before the first "## " heading is not shown: start with a section' });
    if (rule.intro === 'required' && !body.intro.length) problems.push({ line: null, message: 'needs an introduction (paragraphs before the first "## " heading)' });
    for (const s of body.sections) if (!s.blocks.length) problems.push({ line: null, message: `section "${s.heading}" has no text` });
  }
  return { body, problems };
}

/** Paragraph blocks as plain text (bios and story overviews, which are shown as text). */
export function paragraphsText(blocks: ProseBlock[]): string[] {
  return blocks.map((b) => (typeof b === 'string' ? decodeEntities(b.replace(/<[^>]*>/g, '')) : ''));
}

function decodeEntities(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A whole body as plain text: headings, paragraphs and list items (what search indexes). */
export function bodyText(body: Body): string {
  const blocks = (bs: ProseBlock[]) => bs.flatMap((b) => (typeof b === 'string' ? [b] : 'ul' in b ? b.ul : b.ol));
  const html = [...blocks(body.intro), ...body.sections.flatMap((s) => [`${s.heading}.`, ...blocks(s.blocks)])];
  return html.map((h) => decodeEntities(h.replace(/<[^>]*>/g, ''))).join(' ');
}
