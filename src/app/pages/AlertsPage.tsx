/**
 * /alerts: email alerts for new insights — what they are, how often, what we keep — and the
 * sign-up form (AlertsForm). After a post without JavaScript the server redirects back here with
 * ?status=sent or ?error=…, and this page shows the outcome, like the contact page.
 */
import { useLocation } from '../router.tsx';
import { FEEDS } from '../Document.tsx';
import { ALERT_CONFIRM_HOURS, ALERT_FORM_ERRORS, ALERT_KIND_LABELS, ALERT_KINDS, parseAlertErrorFields } from '../alerts.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { AlertsForm, type AlertsFormInitial } from '../components/AlertsForm.tsx';
import { ContactLayout } from '../components/FormParts.tsx';

/** The form's starting state from the query string of a no-JavaScript round trip. */
export function alertsFormInitial(search: string): AlertsFormInitial {
  const q = new URLSearchParams(search);
  if (q.get('status') === 'sent') return { kind: 'sent' };
  const error = q.get('error');
  const formError = ALERT_FORM_ERRORS.find((e) => e === error);
  if (formError) return { kind: formError };
  const fields = parseAlertErrorFields(error);
  return fields.length ? { kind: 'errors', fields } : { kind: 'fresh' };
}

export function AlertsPage() {
  const location = useLocation();
  return (
    <>
      <PageMeta
        title="Email Alerts"
        description="Receive an email from Halden Rowe Capital when we publish new research, press releases or news. Confirm with one click, unsubscribe with one click."
      />
      <PageHero
        eyebrow="Insights"
        title="Email Alerts"
        lede="Choose what you would like to hear about and we will email you when we publish it: research from our investment team, press releases and firm news."
      />
      <ContactLayout
        className="alerts"
        label="About email alerts and sign-up form"
        detailsClass="alerts-details"
        detailsLabel="How Alerts Work"
        details={
          <>
            <dl className="contact-list">
              <div className="contact-list__item">
                <dt className="contact-list__label">What you receive</dt>
                <dd className="alerts-details__value">One email when new items are published, listing each with a link. Nothing else: no marketing, no sharing of your address.</dd>
              </div>
              <div className="contact-list__item">
                <dt className="contact-list__label">Confirming</dt>
                <dd className="alerts-details__value">We first send a link to confirm the address is yours. It works for {ALERT_CONFIRM_HOURS} hours; if you do not use it, we keep nothing.</dd>
              </div>
              <div className="contact-list__item">
                <dt className="contact-list__label">Stopping</dt>
                <dd className="alerts-details__value">Every email has a link to unsubscribe in one click, and your email program’s own unsubscribe button works too. We then delete your address.</dd>
              </div>
              <div className="contact-list__item">
                <dt className="contact-list__label">Prefer a feed reader?</dt>
                <dd className="alerts-details__value">
                  <ul className="alerts-feeds">
                    {[...FEEDS]
                      .sort((a, b) => ALERT_KINDS.indexOf(a.collection) - ALERT_KINDS.indexOf(b.collection))
                      .map((f) => (
                        <li key={f.path}>
                          <a href={f.path} className="contact-link">
                            {ALERT_KIND_LABELS[f.collection]} (RSS)
                          </a>
                        </li>
                      ))}
                  </ul>
                </dd>
              </div>
            </dl>
          </>
        }
        form="alerts-form"
        title="Subscribe to Alerts"
        intro="Enter your email address and choose what you would like to receive. You can change your choice at any time by signing up again."
      >
        <AlertsForm initial={alertsFormInitial(location.search)} />
      </ContactLayout>
    </>
  );
}
