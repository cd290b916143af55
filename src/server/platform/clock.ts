// The server's clock for date rules (a term's status, its day in the agency's time zone). Tests move
// it forward to see what tomorrow looks like without waiting; production reads the system clock.
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Tests only: the clock reads `at` from now on (null: the real time again). */
export function setClock(at: Date | null): void {
  offsetMs = at ? at.getTime() - Date.now() : 0;
}
