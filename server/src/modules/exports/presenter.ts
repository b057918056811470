import { EXPORT_TYPE_LABELS, type ExportFile } from '@church/contract/exports';
import type { ExportFileRow } from '../../db/schema/index';

/** An export as the API shows it; the stored file name on disk never leaves the server. */
export function presentExport(row: ExportFileRow, downloadUrl: string | null): ExportFile {
  const o = row.options as ExportFile['options'];
  return {
    _id: row.id,
    id: row.id,
    reportType: row.reportType as ExportFile['reportType'],
    reportName: EXPORT_TYPE_LABELS[row.reportType as ExportFile['reportType']],
    format: row.format as ExportFile['format'],
    options: {
      dateRange: o.dateRange,
      ...(o.startDate ? { startDate: o.startDate } : {}),
      ...(o.endDate ? { endDate: o.endDate } : {}),
      includeDetails: o.includeDetails,
      ...(o.breakdownBy ? { breakdownBy: o.breakdownBy } : {}),
    },
    status: row.status as ExportFile['status'],
    progress: row.progress,
    rowCount: row.rowCount,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.status === 'failed' ? (row.error ?? 'The export failed') : null,
    downloadUrl,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
