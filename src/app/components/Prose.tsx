/**
 * Renders the paragraphs and lists of a Markdown body (src/content/markdown.ts). Their inline
 * HTML was produced on the server by markdown-it with raw HTML disabled — escaped text plus
 * emphasis, links and code — so it is injected as is; the block elements are React's, with the
 * page's own class names.
 */
import type { ReactNode } from 'react';
import type { ProseBlock } from '../types.ts';

interface Props {
  blocks: ProseBlock[];
  /** Class of lists (each page styles its own). */
  listClass?: string;
  /** Class of paragraphs. */
  paragraphClass?: string;
  /** Printed at the start of the first paragraph (a press release's dateline). */
  lead?: ReactNode;
}

export function Prose({ blocks, listClass, paragraphClass, lead }: Props) {
  return blocks.map((b, i) => {
    if (typeof b === 'string') {
      return lead && i === 0 ? (
        <p key={i} className={paragraphClass}>
          {lead}
          <span dangerouslySetInnerHTML={{ __html: b }} />
        </p>
      ) : (
        <p key={i} className={paragraphClass} dangerouslySetInnerHTML={{ __html: b }} />
      );
    }
    const [List, items] = 'ul' in b ? ['ul' as const, b.ul] : ['ol' as const, b.ol];
    return (
      <List key={i} className={listClass}>
        {items.map((html, j) => (
          <li key={j} dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </List>
    );
  });
}
