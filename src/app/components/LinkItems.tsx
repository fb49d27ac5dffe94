import { Link } from '../router.tsx';
import type { NavLink } from '../nav-links.ts';

/** Links as the items of a list (the menu's, the footer's, a story's related links); `onClick` closes what holds them. */
export function LinkItems({ links, onClick }: { links: readonly NavLink[]; onClick?: () => void }) {
  return links.map((l) => (
    <li key={`${l.href} ${l.label}`}>
      <Link href={l.href} onClick={onClick}>
        {l.label}
      </Link>
    </li>
  ));
}
