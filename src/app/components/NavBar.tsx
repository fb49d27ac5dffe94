/**
 * The shared header: logo, MENU and LOGIN. Scroll behaviour per seed §4 (see nav-visibility.ts);
 * it stays visible while a story is expanded or an overlay is open.
 */
import type { MouseEvent } from 'react';
import clsx from 'clsx';
import { Link } from '../router.tsx';
import { useNavScroll } from '../hooks/useNavScroll.ts';
import { useOverlay } from './overlay-context.tsx';
import { useHydrated } from '../hooks/useHydrated.ts';
import { MenuOverlay, MENU_DIALOG_ID } from './MenuOverlay.tsx';
import { LoginOverlay, LOGIN_DIALOG_ID } from './LoginOverlay.tsx';
import { Logo } from './Logo.tsx';
import { PATHS } from '../paths.ts';

interface Props {
  transparentAtTop: boolean;
}

export function NavBar({ transparentAtTop }: Props) {
  const { solid, hidden } = useNavScroll();
  const hydrated = useHydrated();
  /**
   * MENU and LOGIN open their dialogs before the scripts run (and without them) as invoker buttons
   * (commandfor + command="show-modal"); HTML does not allow aria-expanded on a button with a
   * command (issue 37). Once hydrated they open them through the overlay state instead, and are
   * toggles whose state assistive technology reads in aria-expanded. (While a dialog is open the
   * header behind it is inert; the dialog itself, modal and focused, says what is open.)
   */
  const { overlay, setOverlay, storyExpanded } = useOverlay();
  const toggles = (which: 'menu' | 'login', dialogId: string) => ({
    ...(hydrated ? { 'aria-haspopup': 'dialog' as const, 'aria-expanded': overlay === which } : { 'aria-haspopup': 'dialog' as const, commandfor: dialogId, command: 'show-modal' as const }),
    onClick: (e: MouseEvent) => {
      e.preventDefault();
      setOverlay(overlay === which ? null : which);
    },
  });
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
          <Link href={PATHS.search} className="navbar__button navbar__search">
            <svg className="navbar__search-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="m13 13 5 5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <span className="navbar__search-text">SEARCH</span>
          </Link>
          <button type="button" className="navbar__button" {...toggles('login', LOGIN_DIALOG_ID)}>
            LOGIN
          </button>
          <button type="button" className="navbar__button navbar__button--menu" {...toggles('menu', MENU_DIALOG_ID)}>
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
