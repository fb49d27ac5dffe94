/** Markup the contact form and the alerts sign-up share, and the layout of their pages. */
import type { ReactNode } from 'react';
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

interface LayoutProps {
  /** The section's classes besides "block contact", and its accessible name. */
  className?: string;
  label: string;
  /** What to know before writing, under its label (`detailsClass`: the column's classes besides "contact-details"). */
  detailsClass?: string;
  detailsLabel: string;
  details: ReactNode;
  /** The form's id (its title is `<id>-title`), title and introduction; the form is `children`. */
  form: string;
  title: string;
  intro: string;
  children: ReactNode;
}

/** The contact and alerts pages' section: what to know beside the form. */
export function ContactLayout({ className, label, detailsClass, detailsLabel, details, form, title, intro, children }: LayoutProps) {
  return (
    <section className={className ? `block contact ${className}` : 'block contact'} aria-label={label}>
      <div className="container contact-layout">
        <div className={detailsClass ? `contact-details ${detailsClass}` : 'contact-details'}>
          <h2 className="section-label contact-details__label">{detailsLabel}</h2>
          {details}
        </div>

        <div className="contact-message">
          <h2 id={`${form}-title`} className="block__heading contact-message__title">
            {title}
          </h2>
          <p className="contact-message__intro">{intro}</p>
          {children}
        </div>
      </div>
    </section>
  );
}
