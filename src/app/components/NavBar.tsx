/**
 * The shared header: logo, MENU and LOGIN. Scroll behaviour per seed §4 (see nav-visibility.ts);
 * it stays visible while a story is expanded or an overlay is open.
 */
import clsx from 'clsx';
import { Link } from '../router.tsx';
import { useNavScroll } from '../hooks/useNavScroll.ts';
import { useOverlay } from './overlay-context.tsx';
import { MenuOverlay, MENU_DIALOG_ID } from './MenuOverlay.tsx';
import { LoginOverlay, LOGIN_DIALOG_ID } from './LoginOverlay.tsx';
import { Logo } from './Logo.tsx';

interface Props {
  transparentAtTop: boolean;
}

export function NavBar({ transparentAtTop }: Props) {
  const { solid, hidden } = useNavScroll();
  const { overlay, setOverlay, storyExpanded } = useOverlay();
  const pinned = storyExpanded || overlay !== null;
  // Over an expanded story (a light page scrolling beneath it) the bar is solid.
  const transparent = transparentAtTop && !solid && !storyExpanded;
  return (
    <header className={clsx('navbar', transparent ? 'navbar--transparent' : 'navbar--solid', hidden && !pinned && 'navbar--hidden')} data-testid="navbar">
      <div className="navbar__inner">
        <Link href="/" className="navbar__logo" aria-label="Halden Rowe Capital, home">
          <Logo />
        </Link>
        <nav className="navbar__actions" aria-label="Site">
          <Link href="/search" className="navbar__button navbar__search">
            <svg className="navbar__search-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="m13 13 5 5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <span className="navbar__search-text">SEARCH</span>
          </Link>
          {/* commandfor/command: opens the dialog before the scripts run (and without them). */}
          <button
            type="button"
            className="navbar__button"
            aria-haspopup="dialog"
            aria-expanded={overlay === 'login'}
            commandfor={LOGIN_DIALOG_ID}
            command="show-modal"
            onClick={(e) => {
              e.preventDefault();
              setOverlay(overlay === 'login' ? null : 'login');
            }}
          >
            LOGIN
          </button>
          <button
            type="button"
            className="navbar__button navbar__button--menu"
            aria-haspopup="dialog"
            aria-expanded={overlay === 'menu'}
            commandfor={MENU_DIALOG_ID}
            command="show-modal"
            onClick={(e) => {
              e.preventDefault();
              setOverlay(overlay === 'menu' ? null : 'menu');
            }}
          >
            <span className="navbar__burger" aria-hidden="true" />
            MENU
          </button>
        </nav>
      </div>
      <MenuOverlay open={overlay === 'menu'} onOpen={() => setOverlay('menu')} onClose={() => setOverlay(null)} onLogin={() => setOverlay('login')} />
      <LoginOverlay open={overlay === 'login'} onOpen={() => setOverlay('login')} onClose={() => setOverlay(null)} />
    </header>
  );
}
