/** The wordmark: a brass monogram rule and the firm's name set in the display face. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M9 8v16M9 16h8M17 8v16M21 24V8h2.5a4 4 0 0 1 0 8H21l5 8" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <span className="logo__text">
        {/* The space keeps the text "Halden Rowe Capital" for the link's name (WCAG 2.5.3), not "Halden RoweCapital". */}
        <span className="logo__name">Halden Rowe</span> <span className="logo__sub">Capital</span>
      </span>
    </span>
  );
}
