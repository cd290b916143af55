// A term shared between two producers (the policy page's Commission card): the second producer and
// their share; the assignee keeps the rest. Empty producer: the assignee produces the term alone.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SPLIT_TEXT, termSplitSchema, type ProducerSplit, type TermSplit } from '#shared/commission-splits.ts';
import { fieldErrors } from '#shared/validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { apiGet, apiPut, ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';

export function SecondProducer({ policyId, split }: { policyId: string; split: TermSplit | null }) {
  const qc = useQueryClient();
  const producers = useQuery({ queryKey: ['commissions', 'producers'], queryFn: ({ signal }) => apiGet<{ producers: ProducerSplit[] }>('/api/commissions/producers', signal) });
  const save = useMutation({
    mutationFn: (body: unknown) => apiPut(`/api/commissions/policies/${policyId}/split`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['commissions'] }),
  });
  const [producer, setProducer] = useState(split?.producer_id ?? '');
  const [share, setShare] = useState(split ? String(Number(split.share)) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = producer ? { producer_id: producer, share } : { producer_id: null };
    const parsed = termSplitSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(body, {
      onSuccess: () => notify.success(producer ? SPLIT_TEXT.termSplitSaved : SPLIT_TEXT.splitRemoved),
      onError: (err) => (err instanceof ApiError && err.fields ? setErrors(err.fields) : notify.error(errorMessage(err))),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <FormField label="Second producer" error={errors.producer_id} hint="Shares this term’s commission with the assignee.">
        <Select value={producer} onChange={(e) => setProducer(e.target.value)} disabled={producers.isPending}>
          <option value="">None (the assignee alone)</option>
          {(producers.data?.producers ?? []).map((p) => (
            <option key={p.user_id} value={p.user_id}>
              {p.name}
            </option>
          ))}
        </Select>
      </FormField>
      {producer ? (
        <FormField label="Their share (%)" error={errors.share}>
          <Input inputMode="decimal" className="w-24" value={share} onChange={(e) => setShare(e.target.value)} />
        </FormField>
      ) : null}
      <Button type="submit" variant="outline" size="sm" disabled={save.isPending}>
        Save producers
      </Button>
    </form>
  );
}
