// The palette's name, shown by the header button (main chunk) and the dialog (its own chunk): a file
// of its own, so the dialog need not import the launcher that lazy-loads it (an import cycle).
export const PALETTE_TITLE = 'Search';
