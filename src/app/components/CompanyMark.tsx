/**
 * A portfolio company's mark: its initials in the display serif inside one of six geometric
 * figures, on its sector's colour — drawn by the page (a few hundred bytes of SVG), never a
 * fetched logo. The figure comes from the company's id, so neighbours differ and a company keeps
 * its mark. Decorative: the company's name is always next to it.
 */
import clsx from 'clsx';

/** A small stable hash of the id (FNV-1a). */
function hash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** "Corvane Logistics" → "CL"; one-word names keep two letters ("Ostara" → "Os"). */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return words.length > 1 ? (words[0][0] + words[1][0]).toUpperCase() : name.slice(0, 2);
}

const FIGURES = [
  // ring
  <circle key="f" cx="32" cy="32" r="25" fill="none" stroke="currentColor" strokeWidth="1.5" />,
  // arch
  <path key="f" d="M10 56V30a22 22 0 0 1 44 0v26Z" fill="none" stroke="currentColor" strokeWidth="1.5" />,
  // diamond
  <path key="f" d="M32 5 59 32 32 59 5 32Z" fill="none" stroke="currentColor" strokeWidth="1.5" />,
  // square split by a diagonal
  <g key="f" fill="none" stroke="currentColor" strokeWidth="1.5">
    <rect x="9" y="9" width="46" height="46" />
    <path d="M9 55 55 9" opacity=".35" />
  </g>,
  // double ring
  <g key="f" fill="none" stroke="currentColor" strokeWidth="1.5">
    <circle cx="32" cy="32" r="26" />
    <circle cx="32" cy="32" r="21" opacity=".45" />
  </g>,
  // horizon: a rule under the letters and a sun
  <g key="f" fill="none" stroke="currentColor" strokeWidth="1.5">
    <path d="M8 48h48" />
    <circle cx="48" cy="16" r="5" opacity=".6" />
  </g>,
];

export function CompanyMark({ id, name, sector, size = 'm' }: { id: string; name: string; sector: string; size?: 's' | 'm' | 'l' }) {
  return (
    <span className={clsx('company-mark', `company-mark--${sector}`, `company-mark--${size}`)} aria-hidden="true">
      <svg viewBox="0 0 64 64" focusable="false">
        {FIGURES[hash(id) % FIGURES.length]}
        <text x="32" y="33" textAnchor="middle" dominantBaseline="central" className="company-mark__text">
          {initials(name)}
        </text>
      </svg>
    </span>
  );
}
