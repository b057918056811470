import { queryOptions } from '@tanstack/react-query';
import { exportFileResponse, type ExportFile, type ExportRequest } from '@church/contract/exports';
import { api } from '../../../lib/api-client';

export const exportsKeys = { all: ['exports'] as const };

export const requestExport = (body: ExportRequest) => api('/exports', { method: 'POST', body, schema: exportFileResponse });

/** One export while it is built: asks again every second until it is ready or failed. */
export const exportQuery = (id: string) =>
  queryOptions({
    queryKey: [...exportsKeys.all, id],
    queryFn: () => api(`/exports/${id}`, { schema: exportFileResponse }),
    refetchInterval: (q) => {
      const s = q.state.data?.data.export.status;
      return s === 'ready' || s === 'failed' || s === 'expired' ? false : 1000;
    },
  });

/** Follows the signed link: the browser downloads the file itself (no bearer token needed, nothing held in memory here). */
export function startDownload(file: ExportFile) {
  if (!file.downloadUrl) return;
  const a = document.createElement('a');
  a.href = file.downloadUrl;
  a.download = file.fileName ?? '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
