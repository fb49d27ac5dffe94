/**
 * Insight alerts: what a visitor may follow, the sign-up's rules (run by the browser before
 * sending and by the server before queueing, like the contact form's), and the outcomes the
 * /alerts page shows after a post without JavaScript (?status=sent, ?error=<fields>|throttled|unavailable).
 */
import { CONTACT_LIMITS, isValidEmail } from './contact-validation.ts';
import type { AlertField } from './alert-fields.ts';

export { ALERT_FIELDS, ALERT_FORM_ERRORS, parseAlertErrorFields, type AlertField } from './alert-fields.ts';

/** The collections an alert may follow, in the order the form lists them. */
export const ALERT_KINDS = ['research', 'press-releases', 'news'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Each kind as the form and the e-mails name it (the listings' own titles). */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  research: 'Insights & Research',
  'press-releases': 'Press Releases',
  news: 'News & Updates',
};

/** How long a confirmation link works; after it nothing is kept of the address (decision 013). */
export const ALERT_CONFIRM_HOURS = 24;

export type AlertErrors = Partial<Record<AlertField, string>>;
export interface AlertInput {
  email: string;
  kinds: AlertKind[];
}

/** Said when only the field's name is known (the no-JavaScript round trip). */
export const ALERT_FIELD_ERRORS: Record<AlertField, string> = {
  email: 'Please enter a valid email address, like name@company.com.',
  kinds: 'Please choose at least one kind of alert.',
};

/** Untrusted input (a JSON or form body, or the form's state) → the address and the kinds, or errors. */
export function validateAlertSignup(raw: unknown): { ok: true; value: AlertInput } | { ok: false; errors: AlertErrors } {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const email = typeof r.email === 'string' ? r.email.trim() : '';
  const given = Array.isArray(r.kinds) ? r.kinds : typeof r.kinds === 'string' ? [r.kinds] : [];
  const kinds = ALERT_KINDS.filter((k) => given.includes(k));
  const errors: AlertErrors = {};
  if (!email) errors.email = 'Please enter your email address.';
  else if (email.length > CONTACT_LIMITS.email || !isValidEmail(email)) errors.email = ALERT_FIELD_ERRORS.email;
  if (!kinds.length) errors.kinds = ALERT_FIELD_ERRORS.kinds;
  // One address, one subscription: compared and stored in lower case.
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { email: email.toLowerCase(), kinds } };
}

/** "Insights & Research and News & Updates". */
export function kindsSentence(kinds: readonly AlertKind[]): string {
  const names = kinds.map((k) => ALERT_KIND_LABELS[k]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
