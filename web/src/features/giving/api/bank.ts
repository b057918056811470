import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { importStatementResponse, statementLinesResponse, type ColumnMapping, type LineStatus } from '@church/contract/giving-bank';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin';

/** Statement lines live under the giving-admin keys: confirming completes gifts the donations list shows. */
export const statementLinesQuery = (status: LineStatus | null) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'bank-lines', status] as const,
    queryFn: () =>
      api('/giving/bank-statement-lines', { query: status ? { status } : {}, schema: statementLinesResponse }).then((r) => r.data),
  });

/** The mapping and account go first (fields), then the file. */
export function useImportStatement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping, account }: { file: File; mapping?: ColumnMapping; account?: string }) => {
      const body = new FormData();
      if (mapping) body.append('mapping', JSON.stringify(mapping));
      if (account) body.append('account', account);
      body.append('file', file);
      return api('/giving/bank-statements', { method: 'POST', body, schema: importStatementResponse });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
