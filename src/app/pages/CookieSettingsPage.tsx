/**
 * /cookie-settings (seed §4): essential always on; analytics and marketing off until chosen.
 * Save Preferences, Accept All and Reject Non-Essential each store the three flags and show a
 * notice for COOKIE_SAVED_NOTICE_MS (held while the visitor is with it: useNoticeHold).
 *
 * It is a form: without script the switches are checkboxes and each button posts the choice
 * (src/server/cookie-settings.ts sets the cookie, then /cookie-settings?saved=1 shows it, as
 * rendered from that cookie). With script the buttons save in the browser and nothing is sent.
 */
import { useRef, type MouseEvent } from 'react';
import { useNoticeHold } from '../hooks/useNoticeHold.ts';
import { Link, useLocation } from '../router.tsx';
import { useQueryClient } from '../query.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Switch } from '../components/Switch.tsx';
import { useCookiePreferences } from '../hooks/useCookiePreferences.ts';
import { COOKIE_PREFERENCES_DATA, type OptionalCategory } from '../cookie-preferences.ts';
import { PATHS, href } from '../paths.ts';
import { Block } from '../components/Block.tsx';

/** The form's buttons: the value each one posts as `choice`. */
export const COOKIE_CHOICES = ['save', 'accept', 'reject'] as const;

interface Category {
  id: 'essential' | OptionalCategory;
  title: string;
  text: string;
  examples: string;
}

const CATEGORIES: Category[] = [
  {
    id: 'essential',
    title: 'Essential Cookies',
    text: 'Required for the website to work: they keep you signed in to this site after you enter the access password, protect forms against misuse and remember the choices you make on this page. They cannot be switched off.',
    examples: 'Session sign-in, security and load balancing, your cookie preferences.',
  },
  {
    id: 'analytics',
    title: 'Analytics Cookies',
    text: 'Help us understand, in aggregate, which pages visitors read and how they move through the site, so that we can improve our content and navigation. They do not identify you to us by name.',
    examples: 'Page views, time on page, referring pages, device type.',
  },
  {
    id: 'marketing',
    title: 'Marketing Cookies',
    text: 'Allow us to measure whether our announcements, research mailings and event invitations reach the right audience, and to limit how often you see them on other websites.',
    examples: 'Campaign attribution, email open and click measurement.',
  },
];

export function CookieSettingsPage() {
  const rendered = useQueryClient().get(COOKIE_PREFERENCES_DATA).data;
  const savedOnLoad = new URLSearchParams(useLocation().search).get('saved') === '1';
  const { prefs, status, noticeTimer, toggle, saveCurrent, acceptAll, rejectNonEssential } = useCookiePreferences(rendered, savedOnLoad);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useNoticeHold(noticeRef, status === 'saved', noticeTimer);
  const handled = (run: () => void) => (e: MouseEvent) => {
    e.preventDefault();
    run();
  };
  return (
    <>
      <PageMeta
        title="Cookie Settings"
        description="Choose which optional cookies Halden Rowe Capital may use on this website. Essential cookies are always on; analytics and marketing cookies are off until you allow them."
      />
      <PageHero
        eyebrow="Privacy"
        title="Cookie Settings"
        lede="Choose which optional cookies we may use. Essential cookies keep the site working and are always on; analytics and marketing cookies stay off unless you switch them on."
      />
      <Block
        id="cookie-categories"
        heading="Your Preferences"
        className="cookie-settings"
        inner="cookie-settings__inner"
        head="cookie-settings__intro prose"
        aside={
          <p>
            Your choice is stored in this browser only and applies to this website. You can change it here at any time. For details of what we collect and why, read our{' '}
            <Link href={`${href('page', { slug: 'privacy' })}#cookies-and-similar-technologies`}>Privacy and Cookie Notice</Link>. How we make this site usable for everyone is set out in our{' '}
            <Link href={href('page', { slug: 'accessibility' })}>accessibility statement</Link>.
          </p>
        }
      >
        <form className="cookie-settings__panel" method="post" action={PATHS.cookieSettings}>
          <ul className="cookie-list">
            {CATEGORIES.map((c) => {
              const checked = c.id === 'essential' ? true : prefs[c.id];
              return (
                <li key={c.id} className="cookie-category">
                  <div className="cookie-category__text">
                    <h3 id={`cookie-${c.id}-label`} className="cookie-category__title">
                      {c.title}
                    </h3>
                    <p id={`cookie-${c.id}-desc`} className="cookie-category__desc">
                      {c.text}
                      {c.id === 'essential' && <span className="cookie-category__always"> Always on.</span>}
                    </p>
                    <p className="cookie-category__examples">
                      <span className="cookie-category__examples-label">Examples:</span> {c.examples}
                    </p>
                  </div>
                  <div className="cookie-category__control">
                    <Switch
                      id={`cookie-${c.id}`}
                      name={c.id === 'essential' ? undefined : c.id}
                      checked={checked}
                      disabled={c.id === 'essential'}
                      labelledBy={`cookie-${c.id}-label`}
                      describedBy={`cookie-${c.id}-desc`}
                      onChange={c.id === 'essential' ? undefined : (on) => toggle(c.id as OptionalCategory, on)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>

          <div className="cookie-actions">
            <button type="submit" name="choice" value="save" className="button button--primary" onClick={handled(saveCurrent)}>
              Save Preferences
            </button>
            <button type="submit" name="choice" value="accept" className="button button--outline" onClick={handled(acceptAll)}>
              Accept All
            </button>
            <button type="submit" name="choice" value="reject" className="button button--outline" onClick={handled(rejectNonEssential)}>
              Reject Non-Essential
            </button>
          </div>

          {/* Present from the first render, so screen readers announce what is put into it. */}
          <div className="cookie-status" role="status" aria-live="polite">
            {status === 'saved' && (
              <p className="notice notice--success cookie-notice" ref={noticeRef}>
                <span className="cookie-notice__title">Preferences saved.</span> Essential cookies on; analytics {prefs.analytics ? 'on' : 'off'}; marketing {prefs.marketing ? 'on' : 'off'}.
              </p>
            )}
          </div>
          {status === 'failed' && (
            <p className="notice notice--error cookie-notice cookie-notice--error" role="alert">
              Your browser did not allow us to save your preferences. Check that site data is allowed for this website, then try again.
            </p>
          )}
        </form>
      </Block>
    </>
  );
}
