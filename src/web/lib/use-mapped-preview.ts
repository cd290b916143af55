// A file's preview with a column mapping the user can change (the import on the Export page, a
// carrier statement): each change asks the server for a new preview. The mapping is kept as the user
// chose it, shown and sent at once — bound to the last answer instead, an Import clicked while the new
// preview was on its way ran with the previous mapping and lost a column — and only the latest
// request's answer is kept, whatever order the answers come back in.
import { useRef, useState } from 'react';

export interface MappedPreview<M, P extends { mapping: M }> {
  preview: P | null;
  /** The mapping to show and to send: the user's latest choice, else the last preview's. */
  mapping: M | null;
  /** A preview is on its way: its counts and the Import button are not the current choice's yet. */
  loading: boolean;
  /**
   * Asks for a preview made with `chosen` (undefined: the server maps the file itself); `null` for
   * `fetch` clears it. Answers the error when the latest request failed, else null.
   */
  request(chosen: M | undefined, fetch: (() => Promise<P>) | null): Promise<{ error: unknown } | null>;
}

export function useMappedPreview<M, P extends { mapping: M }>(): MappedPreview<M, P> {
  const [preview, setPreview] = useState<P | null>(null);
  const [chosen, setChosen] = useState<M | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const request: MappedPreview<M, P>['request'] = async (mapping, fetch) => {
    const id = ++latest.current;
    setChosen(mapping ?? null);
    if (!fetch) {
      setPreview(null);
      setLoading(false);
      return null;
    }
    setLoading(true);
    try {
      const answer = await fetch();
      if (id === latest.current) {
        setPreview(answer);
        setChosen(answer.mapping);
      }
      return null;
    } catch (error) {
      if (id !== latest.current) return null;
      setPreview(null);
      return { error };
    } finally {
      if (id === latest.current) setLoading(false);
    }
  };
  return { preview, mapping: chosen ?? preview?.mapping ?? null, loading, request };
}
