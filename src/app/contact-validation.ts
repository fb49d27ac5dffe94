/**
 * The contact form's rules, in one pure module that the browser (before sending) and the server
 * (before storing) both run, so the two can never disagree about what is valid.
 */

import type { ContactField } from './contact-fields.ts';
import { formatCount } from './format.ts';

export { CONTACT_FIELDS, parseErrorFields, type ContactField } from './contact-fields.ts';

export const CONTACT_LIMITS = {
  name: 200,
  email: 254,
  company: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** The hidden field only bots fill in: a non-empty value means "pretend success, store nothing". */
export const HONEYPOT_FIELD = 'website';

export interface ContactInput {
  name: string;
  email: string;
  company: string;
  message: string;
}

export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactResult = { ok: true; value: ContactInput } | { ok: false; errors: ContactErrors };

/**
 * Used when only the field's name is known (the no-JavaScript round trip carries field names in
 * the URL, not the visitor's text): says everything the rule asks for at once.
 */
export const FIELD_HINT_ERRORS: Record<ContactField, string> = {
  name: 'Please enter your name (up to 200 characters).',
  email: 'Please enter a valid email address, like name@company.com.',
  company: 'Company must be 200 characters or fewer.',
  message: 'Please enter a message of 10 to 5,000 characters.',
};

// Control characters other than tab and newline never belong in a message: U+0000–U+0008,
// U+000B, U+000C, U+000E–U+001F and U+007F, written as "a C0 control (or DEL), but not tab, LF,
// CR or a C1 control (U+0080–U+009F)" so that no control character is spelled in the pattern.
const CONTROL = /[^\P{Cc}\t\n\r\u0080-\u009f]/gu;

/** One line: collapses runs of whitespace (a pasted name with a line break stays one line). */
const oneLine = (s: string) => s.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
/** Many lines: browsers send CRLF from a textarea but show LF; count what the visitor sees. */
const multiLine = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Untrusted input (a parsed JSON or form body, or the form's values) → trimmed strings. */
export function normalizeContact(raw: unknown): ContactInput {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    name: oneLine(str(r.name)),
    email: oneLine(str(r.email)),
    company: oneLine(str(r.company)),
    message: multiLine(str(r.message)),
  };
}

/**
 * Practical email syntax: the WHATWG <input type=email> rule, plus a dot in the domain
 * (a contact address at "localhost" is a typo) and no dot at either end of the local part.
 */
const EMAIL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  if (email.length > CONTACT_LIMITS.email) return false;
  const at = email.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  if (!EMAIL.test(email)) return false;
  // The top-level domain is letters (or an IDN "xn--" label), never all digits.
  const tld = email.slice(email.lastIndexOf('.') + 1);
  return /^(?:[a-zA-Z]{2,63}|xn--[a-zA-Z0-9-]{1,59})$/.test(tld);
}

const fmt = formatCount;

/** Validates raw input; on success returns the normalised value to store. */
export function validateContact(raw: unknown): ContactResult {
  const value = normalizeContact(raw);
  const errors: ContactErrors = {};

  if (!value.name) errors.name = 'Please enter your name.';
  else if (value.name.length > CONTACT_LIMITS.name) errors.name = `Name must be ${fmt(CONTACT_LIMITS.name)} characters or fewer.`;

  if (!value.email) errors.email = 'Please enter your email address.';
  else if (value.email.length > CONTACT_LIMITS.email) errors.email = `Email must be ${fmt(CONTACT_LIMITS.email)} characters or fewer.`;
  else if (!isValidEmail(value.email)) errors.email = 'Please enter a valid email address, like name@company.com.';

  if (value.company.length > CONTACT_LIMITS.company) errors.company = `Company must be ${fmt(CONTACT_LIMITS.company)} characters or fewer.`;

  if (!value.message) errors.message = 'Please enter a message.';
  else if (value.message.length < CONTACT_LIMITS.messageMin) errors.message = `Your message must be at least ${fmt(CONTACT_LIMITS.messageMin)} characters.`;
  else if (value.message.length > CONTACT_LIMITS.messageMax) errors.message = `Your message must be ${fmt(CONTACT_LIMITS.messageMax)} characters or fewer.`;

  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
