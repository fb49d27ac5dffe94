/**
 * The full-screen menu (seed §2): groups Style, Strategies, Sectors, About, Resources, one
 * expanded at a time, then the legal links. A modal dialog (focus kept inside, Escape closes).
 */
import { useState } from 'react';
import { Link } from '../router.tsx';
import type { PracticeArea } from '../types.ts';
import { LEGAL_LINKS, navGroups } from '../nav-links.ts';
import { Dialog } from './Dialog.tsx';

interface Props { open: boolean; onClose: () => void; onLogin: () => void; practiceAreas: PracticeArea[] }

export function MenuOverlay({ open, onClose, onLogin, practiceAreas }: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const groups = navGroups(practiceAreas);
  const close = () => {
    setExpanded(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} labelledBy="menu-title" className="overlay overlay--menu">
      <div className="overlay__bar">
        <h2 id="menu-title" className="visually-hidden">Menu</h2>
        <span className="overlay__brand" aria-hidden="true">Halden Rowe Capital</span>
        <div className="overlay__actions">
          {/* Menu and login are mutually exclusive: this closes the menu and opens the login. */}
          <button type="button" className="overlay__switch" aria-haspopup="dialog" onClick={() => { setExpanded(null); onLogin(); }}>
            LOGIN
          </button>
          <button type="button" className="overlay__close" onClick={close}>
            CLOSE <span aria-hidden="true" className="overlay__x" />
          </button>
        </div>
      </div>
      <nav className="menu" aria-label="Main">
        <ul className="menu__groups">
          {groups.map((g) => {
            const isOpen = expanded === g.title;
            const panelId = `menu-group-${g.title.toLowerCase()}`;
            return (
              <li key={g.title} className="menu__group">
                <button
                  type="button"
                  className="menu__group-button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setExpanded(isOpen ? null : g.title)}
                >
                  <span>{g.title}</span>
                  <span className="menu__chevron" aria-hidden="true" />
                </button>
                <ul id={panelId} className="menu__links" hidden={!isOpen}>
                  {g.links.map((l) => (
                    <li key={l.href}>
                      <Link href={l.href} onClick={close}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <ul className="menu__legal">
          {LEGAL_LINKS.map((l) => (
            <li key={l.label}>
              <Link href={l.href} onClick={close}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
