/**
 * The full-screen menu (seed §2): groups Style, Strategies, Sectors, About, Resources, one
 * expanded at a time, then the legal links. A modal dialog (focus kept inside, Escape closes).
 *
 * Before the scripts run (and without them) MENU opens it by an invoker command, CLOSE closes
 * it the same way, and every group is shown expanded: each link is one Tab away without script.
 */
import { useState } from 'react';
import { useRouter } from '../router.tsx';
import { canonicalSearch } from '../listing.ts';
import { PATHS, href } from '../paths.ts';
import { SEARCH_MAX_QUERY, normalizeQuery } from '../search.ts';
import { LEGAL_LINKS, NAV_GROUPS } from '../nav-links.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import { Dialog, DialogClose } from './Dialog.tsx';
import { Logo } from './Logo.tsx';
import { LOGIN_DIALOG_ID } from './LoginOverlay.tsx';
import { LinkItems } from './LinkItems.tsx';

export const MENU_DIALOG_ID = 'site-menu';

interface Props {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onLogin: () => void;
}

export function MenuOverlay({ open, onOpen, onClose, onLogin }: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const hydrated = useHydrated();
  const { navigate } = useRouter();
  const close = () => {
    setExpanded(null);
    onClose();
  };
  return (
    <Dialog id={MENU_DIALOG_ID} open={open} onOpen={onOpen} onClose={close} labelledBy="menu-title" className="overlay overlay--menu">
      <div className="overlay__bar">
        <h2 id="menu-title" className="visually-hidden">
          Menu
        </h2>
        <span className="overlay__brand" aria-hidden="true">
          <Logo />
        </span>
        <div className="overlay__actions">
          {/* Menu and login are mutually exclusive: this closes the menu and opens the login. */}
          <button
            type="button"
            className="overlay__switch"
            aria-haspopup="dialog"
            commandfor={LOGIN_DIALOG_ID}
            command="show-modal"
            onClick={(e) => {
              e.preventDefault();
              setExpanded(null);
              onLogin();
            }}
          >
            LOGIN
          </button>
          <DialogClose dialogId={MENU_DIALOG_ID} onClose={close} />
        </div>
      </div>
      <nav className={hydrated ? 'menu' : 'menu menu--all'} aria-label="Main">
        {/* A plain GET form: the results page works with or without script. */}
        <form
          role="search"
          method="get"
          action={PATHS.search}
          className="menu-search"
          aria-label="Site search (menu)"
          onSubmit={(e) => {
            e.preventDefault();
            const q = new FormData(e.currentTarget).get('q');
            close();
            navigate(`${href('search')}${canonicalSearch({ q: normalizeQuery(typeof q === 'string' ? q : '') })}`);
          }}
        >
          <label htmlFor="menu-search-q" className="visually-hidden">
            Search the site
          </label>
          <input id="menu-search-q" className="menu-search__input" type="search" name="q" maxLength={SEARCH_MAX_QUERY} placeholder="Search the site" autoComplete="off" enterKeyHint="search" />
          <button type="submit" className="button button--accent menu-search__button">
            Search
          </button>
        </form>
        <ul className="menu__groups">
          {NAV_GROUPS.map((g) => {
            // Without script every group is open (its toggle cannot work yet).
            const isOpen = hydrated ? expanded === g.title : true;
            const panelId = `menu-group-${g.title.toLowerCase()}`;
            return (
              <li key={g.title} className="menu__group">
                <button type="button" className="menu__group-button" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setExpanded(isOpen ? null : g.title)}>
                  <span>{g.title}</span>
                  <span className="menu__chevron" aria-hidden="true" />
                </button>
                <ul id={panelId} className="menu__links" hidden={!isOpen}>
                  <LinkItems links={g.links} onClick={close} />
                </ul>
              </li>
            );
          })}
        </ul>
        <ul className="menu__legal">
          <LinkItems links={LEGAL_LINKS} onClick={close} />
        </ul>
      </nav>
    </Dialog>
  );
}
