import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importDoneResponse, importDryRunResponse, type ImportMapping } from '@church/contract/members-import';
import { api } from '../../../lib/api-client';
import { memberKeys } from './members';

/** The mapping goes first: the server reads the file as it streams in and needs to know its columns by then. */
function form(file: File, mapping?: ImportMapping) {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('file', file);
  return body;
}

export function useImportDryRun() {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping?: ImportMapping }) =>
      api('/members/import/dry-run', { method: 'POST', body: form(file, mapping), schema: importDryRunResponse }).then((r) => r.data),
  });
}

export function useImportMembers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping }) =>
      api('/members/import', { method: 'POST', body: form(file, mapping), schema: importDoneResponse }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: memberKeys.all });
      void qc.invalidateQueries({ queryKey: ['volunteers'] });
      void qc.invalidateQueries({ queryKey: ['leadership'] });
    },
  });
}
