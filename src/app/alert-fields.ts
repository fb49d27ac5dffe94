/**
 * The alerts form's fields and no-JavaScript outcomes, apart from its rules (alerts.ts): the route
 * table reads `?error=` with them, and the rules belong to the alerts page's own chunk.
 */
export const ALERT_FIELDS = ['email', 'kinds'] as const;
export type AlertField = (typeof ALERT_FIELDS)[number];

/** The outcomes of a no-JavaScript post that the page shows (besides field errors). */
export const ALERT_FORM_ERRORS = ['throttled', 'unavailable'] as const;

/** The fields named in `?error=email,kinds`, in form order. */
export const parseAlertErrorFields = (param: string | null | undefined): AlertField[] => {
  const named = new Set((param ?? '').split(','));
  return ALERT_FIELDS.filter((f) => named.has(f));
};

/** `?error=` as the page reads it: a form outcome, or the fields in form order; undefined otherwise. */
export const canonicalAlertError = (v: string | null): string | undefined => (v !== null && (ALERT_FORM_ERRORS as readonly string[]).includes(v) ? v : parseAlertErrorFields(v).join(',') || undefined);
