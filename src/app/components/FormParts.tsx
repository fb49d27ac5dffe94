/** Markup the contact form and the alerts sign-up share. */
import { HONEYPOT_FIELD } from '../contact-validation.ts';

/** A field's error, which the field names in its aria-describedby (`id`). */
export function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="field__error contact-error">
      <span className="contact-error__icon" aria-hidden="true">
        !
      </span>
      {children}
    </p>
  );
}

/** The honeypot: invisible to people and assistive technology, irresistible to form-filling bots. */
export function Honeypot({ form }: { form: string }) {
  return (
    <div className="contact-trap" aria-hidden="true">
      <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>Website</label>
      <input id={`${form}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
