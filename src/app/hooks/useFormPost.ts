/**
 * What the contact form and the alerts sign-up share once hydrated: our validator speaks instead of
 * the browser's bubbles (noValidate is set after hydration, so visitors without JavaScript keep the
 * native checks), a submit posts JSON with the honeypot's value, field errors (ours or the
 * server's) take focus at the first field in error, and success shows a panel whose heading takes
 * focus — once, not again when the visitor comes back to the form.
 */
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { HONEYPOT_FIELD } from '../contact-validation.ts';

export type FormPhase = 'editing' | 'sending' | 'sent';
type Errors<F extends string> = Partial<Record<F, string>>;

interface Options<F extends string> {
  /** The form's fields in order: the first in error takes focus. */
  fields: readonly F[];
  /** The page opens on the success panel (a post without JavaScript succeeded). */
  sent: boolean;
  url: string;
  /** The status that means success (201 stored, 202 accepted). */
  success: number;
  setErrors: (errors: Errors<F>) => void;
}

/** One submit: what is sent once valid, and what happens on each outcome. */
interface Submit<F extends string> {
  validate: () => { ok: true; value: object } | { ok: false; errors: Errors<F> };
  /** Before validating: the previous failure's message goes. */
  start: () => void;
  /** Sent: what the visitor typed can go. */
  sent: () => void;
  /** Refused otherwise than by field errors (429, 503, 401, …): the status and the answer's body. */
  failed: (status: number, body: { error?: string } | null) => void;
  /** The request did not reach us. */
  offline: () => void;
}

export function useFormPost<F extends string>({ fields, sent, url, success, setErrors }: Options<F>) {
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const [phase, setPhase] = useState<FormPhase>(sent ? 'sent' : 'editing');
  const [focusSuccess, setFocusSuccess] = useState(false);

  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, [phase]);
  useEffect(() => {
    if (phase === 'sent' && focusSuccess) successRef.current?.focus();
  }, [phase, focusSuccess]);

  const focusField = (name: string) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  const showErrors = (errors: Errors<F>) => {
    setErrors(errors);
    const first = fields.find((f) => errors[f]);
    if (first) focusField(first);
  };

  const submit = (on: Submit<F>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (phase === 'sending') return;
    on.start();
    const result = on.validate();
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    setPhase('sending');
    const trap = (formRef.current?.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '';
    try {
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...result.value, [HONEYPOT_FIELD]: trap }),
      });
      if (res.status === success) {
        on.sent();
        setFocusSuccess(true);
        setPhase('sent');
        return;
      }
      const body = (await res.json().catch(() => null)) as { errors?: Errors<F>; error?: string } | null;
      setPhase('editing');
      if (res.status === 400 && body?.errors && Object.keys(body.errors).length) showErrors(body.errors);
      else on.failed(res.status, body);
    } catch {
      setPhase('editing');
      on.offline();
    }
  };

  /** The success panel's link back to the form: the form returns in its place, with the visitor in `field`. */
  const again = (field: F) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    setFocusSuccess(false);
    setPhase('editing');
    requestAnimationFrame(() => focusField(field));
  };

  return { formRef, successRef, phase, submit, again };
}
