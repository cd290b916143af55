/** The signed-in shell's skip link look (signed-in-layout.tsx), shared with the server's frame (signed-in-frame.tsx). */
export const SKIP_LINK_CLASS =
  'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow';
