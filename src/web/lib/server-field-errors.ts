// One place that puts the server's field errors ({ error: { code, message, fields } }) onto a form.
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * Returns `apply(err)`: sets each field the server named (nested names such as
 * `car_details.vin_number` included) and answers whether any was set. `only` limits it to the
 * form's own fields when the server may name others (e.g. an upload part shown elsewhere).
 */
export function useServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, only?: readonly string[]) {
  return useCallback(
    (err: unknown): boolean => {
      if (!(err instanceof ApiError) || !err.fields) return false;
      let applied = false;
      for (const [name, message] of Object.entries(err.fields)) {
        if (name === '_' || (only && !only.includes(name))) continue;
        setError(name as Path<T>, { type: 'server', message });
        applied = true;
      }
      return applied;
    },
    [setError, only],
  );
}
