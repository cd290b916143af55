// What the signed-in shell shows while the session is asked for: the frame the server sent for this
// page (decision 075), as it came, so nothing flashes or moves; on a page sent without one, a spinner.
// The frame's markup lives only in the build's HTML (app/signed-in-frame.tsx, rendered at build time):
// the first render reads it from the page before React replaces the page's markup with its own.
import { FullScreenSpinner } from '../components/ui/spinner.tsx';

let kept: string | undefined;

export function FramePending() {
  // read at the first render, the page load's (a later wait for the session, rare, shows that frame too)
  kept ??= document.querySelector('[data-signed-in-frame]')?.outerHTML ?? '';
  // the build's own static markup, never user input
  return kept ? <div dangerouslySetInnerHTML={{ __html: kept }} /> : <FullScreenSpinner />;
}
