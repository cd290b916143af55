// Keeps document.title in step with the public page on client-side navigation; the server already
// put the same title into the first HTML it sent.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageMeta } from './content-queries.ts';

export const DEFAULT_TITLE = 'PolicyDesk';

export function useDocumentTitle() {
  const { pathname } = useLocation();
  const meta = usePageMeta(pathname);
  const title = meta.data?.title;
  useEffect(() => {
    if (meta.isPending) return;
    document.title = title ?? DEFAULT_TITLE;
  }, [title, meta.isPending]);
  // leaving the public site (to the dashboard) drops the page's title
  useEffect(() => () => void (document.title = DEFAULT_TITLE), []);
}
