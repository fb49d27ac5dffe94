/**
 * A portfolio company's wordmark: the logotype the art pipeline draws for it from the content
 * (scripts/art/lib/wordmarks.ts: its name in one of the brand's faces, a descriptor and a geometric
 * mark on its sector's plate), one outlined SVG per company in the WORDMARK box, served from
 * /images like the other artwork, until the company's own logo replaces it. An image of the name,
 * so it is decorative (alt=""): the name is always beside it as text (the card's heading, the page's
 * h1). The pipeline draws from the id; `name` and `sector` are the callers' and unused here.
 */
import { WORDMARK, wordmarkSrc } from '../image-src.ts';

export function CompanyMark({ id, size = 'm' }: { id: string; name: string; sector: string; size?: 's' | 'm' | 'l' }) {
  return (
    <img className={`company-mark company-mark--${size}`} src={wordmarkSrc(id)} alt="" width={WORDMARK.width} height={WORDMARK.height} loading={size === 'l' ? 'eager' : 'lazy'} decoding="async" />
  );
}
