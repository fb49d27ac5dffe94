/** The shared footer: five link columns, the firm's description, legal links and Sign out. */
import type { SiteInfo } from '../types.ts';
import { FOOTER_LEGAL_LINKS, NAV_GROUPS } from '../nav-links.ts';
import { Logo } from './Logo.tsx';
import { useSiteMode } from '../site-mode.ts';
import { LinkItems } from './LinkItems.tsx';

/** `inert`: while a story is expanded the footer is out of reach, like the rest of the page behind it. */
export function Footer({ site, inert }: { site: SiteInfo; inert?: boolean }) {
  // A public site has no gate: nobody to sign out.
  const gated = useSiteMode().access === 'password';
  return (
    <footer className="footer" inert={inert}>
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__description">{site.description}</p>
        </div>
        <nav className="footer__columns" aria-label="Footer">
          {NAV_GROUPS.map((g) => (
            <div key={g.title} className="footer__column">
              <h2 className="footer__heading">{g.title}</h2>
              <ul>
                <LinkItems links={g.links} />
              </ul>
            </div>
          ))}
        </nav>
        <div className="footer__bottom">
          <p className="footer__copyright">
            © {site.copyrightYear} {site.legalName.replace(/\.$/, '')}. All rights reserved.
          </p>
          <ul className="footer__legal">
            <LinkItems links={FOOTER_LEGAL_LINKS} />
            {gated && (
              <li>
                <form method="post" action="/api/logout" className="footer__signout">
                  <button type="submit" className="link-button">
                    Sign out
                  </button>
                </form>
              </li>
            )}
          </ul>
        </div>
      </div>
    </footer>
  );
}
