/**
 * The insight alerts sign-up. A plain HTML form first: it posts to /api/alerts and the server
 * answers with a redirect back to /alerts (?status=sent, or ?error=<fields>|throttled|unavailable),
 * which shows the outcome. Once hydrated it posts JSON without a reload, shows errors next to
 * their fields (aria-invalid + aria-describedby, focus on the first) and, on success, a panel
 * that takes focus — as the contact form does.
 */
import { useState } from 'react';
import clsx from 'clsx';
import { ALERT_CONFIRM_HOURS, ALERT_FIELD_ERRORS, ALERT_FIELDS, ALERT_KIND_LABELS, ALERT_KINDS, validateAlertSignup, type AlertErrors, type AlertField, type AlertKind } from '../alerts.ts';
import { CONTACT_LIMITS } from '../contact-validation.ts';
import { Link } from '../router.tsx';
import { useTypedBeforeHydration } from '../hooks/useTypedBeforeHydration.ts';
import { useFormPost } from '../hooks/useFormPost.ts';
import { FieldError, Honeypot } from './FormParts.tsx';

export type AlertsFormInitial = { kind: 'fresh' } | { kind: 'sent' } | { kind: 'errors'; fields: AlertField[] } | { kind: 'throttled' } | { kind: 'unavailable' };

const THROTTLED = 'You have asked for several alerts in a short time, so this request was not sent. Please try again later.';
const UNAVAILABLE = 'Alerts cannot be set up right now because of a problem on our side. Nothing was saved; please try again later.';

export function AlertsForm({ initial }: { initial: AlertsFormInitial }) {
  const [email, setEmail] = useState('');
  const [kinds, setKinds] = useState<AlertKind[]>([...ALERT_KINDS]);
  const [errors, setErrors] = useState<AlertErrors>(() => (initial.kind === 'errors' ? Object.fromEntries(initial.fields.map((f) => [f, ALERT_FIELD_ERRORS[f]])) : {}));
  const [formError, setFormError] = useState<string | null>(() =>
    initial.kind === 'throttled' ? THROTTLED : initial.kind === 'unavailable' ? UNAVAILABLE : initial.kind === 'errors' ? 'Nothing was sent. Please check the fields marked below.' : null,
  );
  const { formRef, successRef, phase, submit, again } = useFormPost({ fields: ALERT_FIELDS, sent: initial.kind === 'sent', url: '/api/alerts', success: 202, setErrors });
  useTypedBeforeHydration(formRef, (name, value) => name === 'email' && setEmail(value));

  const toggle = (kind: AlertKind, on: boolean) => {
    const next = on ? ALERT_KINDS.filter((k) => k === kind || kinds.includes(k)) : kinds.filter((k) => k !== kind);
    setKinds(next);
    if (errors.kinds && next.length) setErrors((e) => ({ ...e, kinds: undefined }));
  };

  const onSubmit = submit({
    validate: () => validateAlertSignup({ email, kinds }),
    start: () => setFormError(null),
    sent: () => setEmail(''),
    failed: (status, body) => {
      if (status === 429) setFormError(body?.error ?? THROTTLED);
      else if (status === 503) setFormError(UNAVAILABLE);
      else if (status === 401) setFormError('Your session has ended, so nothing was sent. Please sign in again.');
      else setFormError(`Your request could not be sent (${status}). Please try again in a moment.`);
    },
    offline: () => setFormError('Your request could not be sent: the connection failed. Please check your connection and try again.'),
  });

  if (phase === 'sent') {
    return (
      <div className="contact-success alerts-success" role="status" id="alerts-form">
        <h3 className="contact-success__title" tabIndex={-1} ref={successRef}>
          Check your inbox to confirm
        </h3>
        <p>
          We have sent a link to the address you entered. Open it within {ALERT_CONFIRM_HOURS} hours and press “Confirm” to start receiving alerts. If it does not arrive in a few minutes, look in your
          spam folder. Until you confirm, you will receive nothing else from us.
        </p>
        <a className="button button--outline contact-success__again" href="/alerts#alerts-form" onClick={again('email')}>
          Use another address
        </a>
      </div>
    );
  }

  const emailError = errors.email;
  const kindsError = errors.kinds;
  return (
    <form ref={formRef} id="alerts-form" className="form contact-form alerts-form" method="post" action="/api/alerts" aria-labelledby="alerts-form-title" onSubmit={onSubmit}>
      {formError && (
        <div className="notice notice--error contact-form__error" role="alert">
          {formError}
        </div>
      )}
      <div className={clsx('field contact-field', emailError && 'contact-field--invalid')}>
        <label htmlFor="alerts-email" className="contact-label">
          Email
        </label>
        <input
          id="alerts-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (emailError && validateAlertSignup({ email: e.target.value, kinds: ALERT_KINDS }).ok) setErrors((x) => ({ ...x, email: undefined }));
          }}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'alerts-email-error' : undefined}
          className={clsx('contact-input', emailError && 'contact-input--invalid')}
        />
        {emailError && <FieldError id="alerts-email-error">{emailError}</FieldError>}
      </div>
      <fieldset className={clsx('alerts-kinds', kindsError && 'alerts-kinds--invalid')} aria-describedby={kindsError ? 'alerts-kinds-error' : undefined}>
        <legend className="contact-label alerts-kinds__legend">Send me an email when you publish new</legend>
        <ul className="alerts-kinds__list">
          {ALERT_KINDS.map((k) => (
            <li key={k} className="alerts-kind">
              <input
                id={`alerts-kind-${k}`}
                type="checkbox"
                name="kinds"
                value={k}
                checked={kinds.includes(k)}
                onChange={(e) => toggle(k, e.target.checked)}
                aria-invalid={kindsError ? true : undefined}
              />
              <label htmlFor={`alerts-kind-${k}`}>{ALERT_KIND_LABELS[k]}</label>
            </li>
          ))}
        </ul>
        {kindsError && <FieldError id="alerts-kinds-error">{kindsError}</FieldError>}
      </fieldset>

      <Honeypot form="alerts" />

      <div className="contact-form__actions">
        <button type="submit" className="button button--primary contact-submit" disabled={phase === 'sending'}>
          {phase === 'sending' ? 'Sending…' : 'Subscribe'}
        </button>
        <p className="contact-form__privacy">
          We email you a link to confirm. We keep your address only while you are subscribed; every email has a link to unsubscribe. See our{' '}
          <Link href="/privacy#email-alerts">Privacy and Cookie Notice</Link>.
        </p>
      </div>
    </form>
  );
}
