// What had the keyboard focus in a signed-in page's frame (decision 080) when the app drew over it:
// the frame's skip link or its main area, so the shell's own takes it and a Tab pressed while the
// frame was on screen is not lost. Noted by main.tsx on a framed page, taken once by the shell.
export type FrameFocus = 'skip' | 'main' | null;

let focused: FrameFocus = null;
let root: HTMLElement | null = null;

function note(target: EventTarget | null) {
  const el = target instanceof Element ? target : null;
  focused = el?.closest('[data-signed-in-frame]') ? (el.matches('a[href="#main"]') ? 'skip' : el.id === 'main' ? 'main' : null) : null;
}

const onFocusIn = (e: FocusEvent) => note(e.target);

/** Follows the focus inside the frame under `el` (from where it is now: a Tab may come before the scripts) until takeFrameFocus. */
export function noteFrameFocus(el: HTMLElement) {
  root = el;
  note(document.activeElement);
  el.addEventListener('focusin', onFocusIn);
}

/** The frame's focused part, once: when it was removed with the frame (the focus fell to the page). */
export function takeFrameFocus(): FrameFocus {
  root?.removeEventListener('focusin', onFocusIn);
  root = null;
  const was = focused;
  focused = null;
  return document.activeElement === null || document.activeElement === document.body ? was : null;
}
