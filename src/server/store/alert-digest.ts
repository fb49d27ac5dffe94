/**
 * What a digest holds, decided the same way by every store (sqlite.ts, postgres.ts): per kind, the
 * store keeps a mark — the newest item date digested and the ids of that date — and an item after
 * the mark is new. Ids of the mark's date are kept so that a second item published on the same day
 * (a later release the same day) is not missed, and one already digested is not sent again.
 */
import { ALERT_KINDS, type AlertKind, type DigestItem } from './index.ts';

export interface DigestMark {
  date: string;
  ids: string[];
}

/** The meta key of a kind's mark. */
export const markKey = (kind: AlertKind) => `alerts-digested:${kind}`;

export const parseMark = (value: string | undefined | null): DigestMark | undefined => {
  if (!value) return undefined;
  try {
    const m = JSON.parse(value) as DigestMark;
    return typeof m.date === 'string' && Array.isArray(m.ids) ? m : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The new items (against `marks`) and the marks to record. A kind without a mark yet gets one and
 * no new items: the first digest after alerts are deployed does not mail the archive.
 */
export function planDigest(items: DigestItem[], marks: Partial<Record<AlertKind, DigestMark>>) {
  const fresh: DigestItem[] = [];
  const next: Partial<Record<AlertKind, DigestMark>> = {};
  for (const kind of ALERT_KINDS) {
    const mine = items.filter((i) => i.kind === kind);
    if (!mine.length) continue;
    const mark = marks[kind];
    const isNew = (i: DigestItem) => !!mark && (i.date > mark.date || (i.date === mark.date && !mark.ids.includes(i.id)));
    fresh.push(...mine.filter(isNew));
    const newest = mine.reduce((d, i) => (i.date > d ? i.date : d), mark?.date ?? '');
    const ids = mine.filter((i) => i.date === newest).map((i) => i.id);
    next[kind] = { date: newest, ids: [...new Set([...(mark?.date === newest ? mark.ids : []), ...ids])] };
  }
  return { fresh, marks: next };
}

/** The items of a digest one subscriber gets: those of the kinds they chose. */
export const itemsFor = (fresh: DigestItem[], kinds: readonly AlertKind[]) => fresh.filter((i) => kinds.includes(i.kind));

/** Kinds as stored ("research,news"), in ALERT_KINDS order. */
export const kindsText = (kinds: readonly AlertKind[]) => ALERT_KINDS.filter((k) => kinds.includes(k)).join(',');
export const kindsOf = (text: string): AlertKind[] => ALERT_KINDS.filter((k) => text.split(',').includes(k));
