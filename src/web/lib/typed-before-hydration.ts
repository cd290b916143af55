/**
 * What a visitor typed (or a password manager filled in) into a pre-rendered form before React
 * hydrated it (issue 30). The form is on screen a second or two before the scripts run on a slow
 * phone; its first render would otherwise set every field back to empty. Read once, in the first
 * render's state initialiser: during hydration the pre-rendered fields are still in the document;
 * on the server and on a page rendered by the client there is no such form yet, so this is empty.
 */
export function typedBeforeHydration(formId: string): Record<string, string | boolean> {
  if (typeof document === 'undefined') return {};
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return {};
  const values: Record<string, string | boolean> = {};
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) || !el.name) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked) values[el.name] = true;
    } else if (el.value) values[el.name] = el.value;
  }
  return values;
}
