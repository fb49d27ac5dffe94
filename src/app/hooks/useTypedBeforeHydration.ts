/**
 * Text typed into a form before its page hydrated. The scripts start after the first paint
 * (decision 003), so on a slow phone a visitor can type first: React keeps the typed text in the
 * field but not in the component's state, which stays at its server value — the login button
 * stays disabled over a visible password, the contact form reports an empty name. Once, after
 * hydration, every text field whose value differs from what the server rendered is handed to
 * `adopt(name, value)`, as if it had been typed now.
 */
import { useEffect, useEffectEvent, type RefObject } from 'react';

export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, adopt: (name: string, value: string) => void): void {
  // An effect event: `adopt` is a new closure on every render, and the effect must run once, at
  // the commit that hydrates the form, not after every later one.
  const onTyped = useEffectEvent(adopt);
  useEffect(() => {
    for (const field of Array.from(form.current?.elements ?? [])) {
      const text = field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !['hidden', 'checkbox', 'radio', 'submit', 'button'].includes(field.type));
      if (!text) continue;
      const el = field as HTMLInputElement | HTMLTextAreaElement;
      if (el.name && el.value !== el.defaultValue) onTyped(el.name, el.value);
    }
  }, [form]);
}
