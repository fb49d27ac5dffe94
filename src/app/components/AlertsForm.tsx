/**
 * The insight alerts sign-up. A plain HTML form first: it posts to /api/alerts and the server
 * answers with a redirect back to /alerts (?status=sent, or ?error=<fields>|throttled|unavailable),
 * which shows the outcome. Once hydrated it posts JSON without a reload, shows errors next to
 * their fields (aria-invalid + aria-describedby, focus on the first) and, on success, a panel
 * that takes focus — as the contact form does.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { ALERT_CONFIRM_HOURS, ALERT_FIELD_ERRORS, ALERT_FIELDS, ALERT_KIND_LABELS, ALERT_KINDS, validateAlertSignup, type AlertErrors, type AlertField, type AlertKind } from '../alerts.ts';
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../contact-validation.ts';
import { Link } from '../router.tsx';
import { useTypedBeforeHydration } from '../hooks/useTypedBeforeHydration.ts';

export type AlertsFormInitial = { kind: 'fresh' } | { kind: 'sent' } | { kind: 'errors'; fields: AlertField[] } | { kind: 'throttled' } | { kind: 'unavailable' };

const THROTTLED = 'You have asked for several alerts in a short time, so this request was not sent. Please try again later.';
const UNAVAILABLE = 'Alerts cannot be set up right now because of a problem on our side. Nothing was saved; please try again later.';

export function AlertsForm({ initial }: { initial: AlertsFormInitial }) {
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const [email, setEmail] = useState('');
  const [kinds, setKinds] = useState<AlertKind[]>([...ALERT_KINDS]);
  const [errors, setErrors] = useState<AlertErrors>(() => (initial.kind === 'errors' ? Object.fromEntries(initial.fields.map((f) => [f, ALERT_FIELD_ERRORS[f]])) : {}));
  const [formError, setFormError] = useState<string | null>(() =>
    initial.kind === 'throttled' ? THROTTLED : initial.kind === 'unavailable' ? UNAVAILABLE : initial.kind === 'errors' ? 'Nothing was sent. Please check the fields marked below.' : null,
  );
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent'>(initial.kind === 'sent' ? 'sent' : 'editing');
  const [focusSuccess, setFocusSuccess] = useState(false);

  // With JavaScript our messages replace the browser's bubbles; without it the native checks stay.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, [phase]);
  useEffect(() => {
    if (phase === 'sent' && focusSuccess) successRef.current?.focus();
  }, [phase, focusSuccess]);
  useTypedBeforeHydration(formRef, (name, value) => name === 'email' && setEmail(value));

  const focusFirstInvalid = (errs: AlertErrors) => {
    const first = ALERT_FIELDS.find((f) => errs[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const toggle = (kind: AlertKind, on: boolean) => {
    const next = on ? ALERT_KINDS.filter((k) => k === kind || kinds.includes(k)) : kinds.filter((k) => k !== kind);
    setKinds(next);
    if (errors.kinds && next.length) setErrors((e) => ({ ...e, kinds: undefined }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (phase === 'sending') return;
    setFormError(null);
    const result = validateAlertSignup({ email, kinds });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(result.errors);
      return;
    }
    setErrors({});
    setPhase('sending');
    const trap = (formRef.current?.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '';
    try {
      const res = await fetch('/api/alerts', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...result.value, [HONEYPOT_FIELD]: trap }),
      });
      if (res.status === 202) {
        setEmail('');
        setFocusSuccess(true);
        setPhase('sent');
        return;
      }
      const body = (await res.json().catch(() => null)) as { errors?: AlertErrors; error?: string } | null;
      setPhase('editing');
      if (res.status === 400 && body?.errors && Object.keys(body.errors).length) {
        setErrors(body.errors);
        focusFirstInvalid(body.errors);
      } else if (res.status === 429) setFormError(body?.error ?? THROTTLED);
      else if (res.status === 503) setFormError(UNAVAILABLE);
      else if (res.status === 401) setFormError('Your session has ended, so nothing was sent. Please sign in again.');
      else setFormError(`Your request could not be sent (${res.status}). Please try again in a moment.`);
    } catch {
      setPhase('editing');
      setFormError('Your request could not be sent: the connection failed. Please check your connection and try again.');
    }
  };

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
        <a
          className="button button--outline contact-success__again"
          href="/alerts#alerts-form"
          onClick={(e) => {
            e.preventDefault();
            setFocusSuccess(false);
            setPhase('editing');
            requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus());
          }}
        >
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

      {/* Honeypot: invisible to people and assistive technology, irresistible to form-filling bots. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor={`alerts-${HONEYPOT_FIELD}`}>Website</label>
        <input id={`alerts-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

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

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="field__error contact-error">
      <span className="contact-error__icon" aria-hidden="true">
        !
      </span>
      {children}
    </p>
  );
}
