/**
 * The shared header: logo, MENU and LOGIN. Scroll behaviour per seed §4 (see nav-visibility.ts);
 * it stays visible while a story is expanded or an overlay is open.
 */
import clsx from 'clsx';
import { Link } from '../router.tsx';
import type { PracticeArea } from '../types.ts';
import { useNavScroll } from '../hooks/useNavScroll.ts';
import { useOverlay } from './overlay-context.tsx';
import { MenuOverlay } from './MenuOverlay.tsx';
import { LoginOverlay } from './LoginOverlay.tsx';
import { Logo } from './Logo.tsx';

interface Props {
  practiceAreas: PracticeArea[];
  transparentAtTop: boolean;
}

export function NavBar({ practiceAreas, transparentAtTop }: Props) {
  const { solid, hidden } = useNavScroll();
  const { overlay, setOverlay, storyExpanded } = useOverlay();
  const pinned = storyExpanded || overlay !== null;
  const transparent = transparentAtTop && !solid;
  return (
    <header
      className={clsx('navbar', transparent ? 'navbar--transparent' : 'navbar--solid', hidden && !pinned && 'navbar--hidden')}
      data-testid="navbar"
    >
      <div className="navbar__inner">
        <Link href="/" className="navbar__logo" aria-label="Halden Rowe Capital, home">
          <Logo />
        </Link>
        <nav className="navbar__actions" aria-label="Site">
          <button
            type="button"
            className="navbar__button"
            aria-haspopup="dialog"
            aria-expanded={overlay === 'login'}
            onClick={() => setOverlay(overlay === 'login' ? null : 'login')}
          >
            LOGIN
          </button>
          <button
            type="button"
            className="navbar__button navbar__button--menu"
            aria-haspopup="dialog"
            aria-expanded={overlay === 'menu'}
            onClick={() => setOverlay(overlay === 'menu' ? null : 'menu')}
          >
            <span className="navbar__burger" aria-hidden="true" />
            MENU
          </button>
        </nav>
      </div>
      <MenuOverlay open={overlay === 'menu'} onClose={() => setOverlay(null)} onLogin={() => setOverlay('login')} practiceAreas={practiceAreas} />
      <LoginOverlay open={overlay === 'login'} onClose={() => setOverlay(null)} />
    </header>
  );
}
