/**
 * The contact form. A plain HTML form first: it posts to /api/contact and the server answers with
 * a redirect back here (?sent=1 or ?error=<fields>), with the browser's own checks (required,
 * type=email, lengths) stopping most mistakes before the round trip.
 *
 * Once hydrated it takes over: noValidate, the shared validator on submit, errors next to the
 * fields (aria-invalid + aria-describedby), focus on the first invalid field, a JSON post, the
 * server's field errors shown the same way, and a confirmation panel on success (focused and announced: once, not again in a toast).
 */
import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { CONTACT_FIELDS, CONTACT_LIMITS, FIELD_HINT_ERRORS, validateContact, type ContactErrors, type ContactField, type ContactInput } from '../contact-validation.ts';
import { Link } from '../router.tsx';
import { useTypedBeforeHydration } from '../hooks/useTypedBeforeHydration.ts';
import { useFormPost } from '../hooks/useFormPost.ts';
import { FieldError, Honeypot } from './FormParts.tsx';
import { formatCount } from '../format.ts';
import { PATHS, href } from '../paths.ts';

export type ContactFormInitial =
  | { kind: 'fresh' }
  | { kind: 'sent' }
  /** Field errors from the server; with `values` when it answered the post itself (what was typed). */
  | { kind: 'errors'; fields: ContactField[]; values?: ContactInput }
  | { kind: 'throttled' }
  /** A no-JavaScript post the server could not store: the page comes back with what was typed. */
  | { kind: 'failed'; values: ContactInput };

/** Where the server puts what a visitor typed when their no-JavaScript post could not be stored (contact-fields.ts). */
export { CONTACT_DRAFT_KEY } from '../contact-fields.ts';

interface Props {
  initial: ContactFormInitial;
  /** Shown in error messages as the way to reach us without the form. */
  fallbackEmail: string;
}

const EMPTY: ContactInput = { name: '', email: '', company: '', message: '' };

const LABELS: Record<ContactField, string> = { name: 'Name', email: 'Email', company: 'Company', message: 'Message' };

export function ContactForm({ initial, fallbackEmail }: Props) {
  const [values, setValues] = useState<ContactInput>(initial.kind === 'failed' ? initial.values : initial.kind === 'errors' ? (initial.values ?? EMPTY) : EMPTY);
  const [errors, setErrors] = useState<ContactErrors>(() => {
    if (initial.kind !== 'errors') return {};
    // With what was typed, the validator's own words (the server ran the same one); without, each field's hint.
    const checked = initial.values ? validateContact(initial.values) : null;
    return checked && !checked.ok ? checked.errors : Object.fromEntries(initial.fields.map((f) => [f, FIELD_HINT_ERRORS[f]]));
  });
  const [formError, setFormError] = useState<string | null>(() =>
    initial.kind === 'failed'
      ? `Your message could not be sent because of a problem on our side; nothing you typed is lost, it is below. Please send it again in a few minutes, or write to us at ${fallbackEmail}.`
      : initial.kind === 'throttled'
        ? throttledMessage(fallbackEmail)
        : initial.kind === 'errors'
          ? 'Your message was not sent. Please check the fields marked below and send it again.'
          : null,
  );
  const { formRef, successRef, phase, submit, again } = useFormPost({ fields: CONTACT_FIELDS, sent: initial.kind === 'sent', url: '/api/contact', success: 201, setErrors });
  const errorRef = useRef<HTMLDivElement>(null);
  // The page the server answered a refused post with (no script needed): the first field in error
  // takes focus as the page loads, scrolled into view like the form's #contact-form link did.
  const [focusAtLoad] = useState(() => (initial.kind === 'errors' && initial.values ? CONTACT_FIELDS.find((f) => initial.fields.includes(f)) : undefined));
  // A send that failed: its message takes focus (shown at the top of the form, which a visitor at
  // the Send button may not see on a phone), once rendered.
  const [focusError, setFocusError] = useState(0);
  useEffect(() => {
    if (focusError) errorRef.current?.focus();
  }, [focusError]);
  const failed = (message: string) => {
    setFormError(message);
    setFocusError((n) => n + 1);
  };

  const onChange = (field: ContactField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An error goes away as soon as the field is valid again; new errors wait for the next submit.
    if (errors[field]) {
      const still = validateContact({ ...values, [field]: value });
      if (still.ok || !still.errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    }
  };
  useTypedBeforeHydration(formRef, (name, value) => {
    const field = CONTACT_FIELDS.find((f) => f === name);
    if (field) onChange(field, value);
  });

  const onSubmit = submit({
    validate: () => validateContact(values),
    start: () => setFormError(null),
    sent: () => setValues(EMPTY),
    failed: (status, body) => {
      if (status === 429) failed(body?.error ?? throttledMessage(fallbackEmail));
      else if (status === 401) failed('Your session has ended, so the message was not sent. Please sign in again (your text will be lost), or copy it first and write to us by email.');
      else if (status === 413) failed(`Your message is too long to send through this form. Please shorten it, or write to us at ${fallbackEmail}.`);
      else failed(`Your message could not be sent (${status}). Please try again in a moment, or write to us at ${fallbackEmail}.`);
    },
    offline: () => failed(`Your message could not be sent: the connection failed. Please check your connection and try again, or write to us at ${fallbackEmail}.`),
  });

  if (phase === 'sent') {
    return (
      <div className="contact-success" role="status" id="contact-form">
        <h3 className="contact-success__title" tabIndex={-1} ref={successRef}>
          Thank you — your message has been sent
        </h3>
        <p>We have received your message and will reply by email, usually within two business days. For anything urgent, please call our New York office.</p>
        <a
          className="button button--outline contact-success__again"
          href={`${PATHS.contact}#contact-form`}
          // The form returns in place of this panel: put the visitor in its first field.
          onClick={again('name')}
        >
          Send another message
        </a>
      </div>
    );
  }

  const sending = phase === 'sending';
  const field = (name: ContactField, opts: { type?: string; autoComplete: string; required: boolean; maxLength?: number; textarea?: boolean; hint?: string }) => {
    const error = errors[name];
    const errorId = `contact-${name}-error`;
    const hintId = opts.hint ? `contact-${name}-hint` : undefined;
    const describedBy = clsx(hintId, error && errorId) || undefined;
    const common = {
      id: `contact-${name}`,
      name,
      value: values[name],
      required: opts.required,
      maxLength: opts.maxLength,
      autoComplete: opts.autoComplete,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      autoFocus: name === focusAtLoad || undefined,
      className: clsx('contact-input', error && 'contact-input--invalid'),
    } as const;
    return (
      <div className={clsx('field contact-field', `contact-field--${name}`, error && 'contact-field--invalid')}>
        <label htmlFor={`contact-${name}`} className="contact-label">
          {LABELS[name]}
          {!opts.required && <span className="contact-label__optional"> (optional)</span>}
        </label>
        {opts.hint && (
          <p id={hintId} className="field__hint contact-hint">
            {opts.hint}
          </p>
        )}
        {opts.textarea ? (
          <textarea {...common} rows={6} minLength={CONTACT_LIMITS.messageMin} onChange={(e) => onChange(name, e.target.value)} />
        ) : (
          <input {...common} type={opts.type ?? 'text'} onChange={(e) => onChange(name, e.target.value)} />
        )}
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      id="contact-form"
      className="form contact-form"
      method="post"
      action="/api/contact"
      aria-labelledby="contact-form-title"
      aria-describedby="contact-form-note"
      onSubmit={onSubmit}
    >
      <p id="contact-form-note" className="contact-form__note">
        All fields are required unless marked optional.
      </p>
      {formError && (
        <div className="notice notice--error contact-form__error" role="alert" tabIndex={-1} ref={errorRef}>
          {formError}
        </div>
      )}
      <div className="contact-form__row">
        {field('name', { autoComplete: 'name', required: true, maxLength: CONTACT_LIMITS.name })}
        {field('email', { type: 'email', autoComplete: 'email', required: true, maxLength: CONTACT_LIMITS.email })}
      </div>
      {field('company', { autoComplete: 'organization', required: false, maxLength: CONTACT_LIMITS.company })}
      {field('message', { autoComplete: 'off', required: true, textarea: true, hint: `Between ${CONTACT_LIMITS.messageMin} and ${formatCount(CONTACT_LIMITS.messageMax)} characters.` })}

      <Honeypot form="contact" />

      <div className="contact-form__actions">
        {/* aria-disabled while sending, not disabled: a disabled button drops the focus it has to <body>. */}
        <button type="submit" className="button button--primary contact-submit" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Send Message'}
        </button>
        <p className="contact-form__privacy">
          We use what you send only to answer you. See our <Link href={href('page', { slug: 'privacy' })}>Privacy and Cookie Notice</Link>.
        </p>
      </div>
    </form>
  );
}

function throttledMessage(email: string): string {
  return `You have sent several messages in a short time, so this one was not sent. Please try again later, or write to us at ${email}.`;
}
