import { z } from 'zod';
import { entityIds, queryBoolean } from './http';

/** Spec 001 §9: report types. */
export const REPORT_TYPES = ['financial', 'giving', 'members', 'attendance', 'prayer', 'events'] as const;
/** Office lists beside the reports: the member directory (consenting members only) and address labels. PDF only. */
export const LIST_TYPES = ['directory', 'labels'] as const;
export const EXPORT_TYPES = [...REPORT_TYPES, ...LIST_TYPES] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** Finance reports: they also need a finance permission (finance:read or finance:manage). */
export const FINANCE_EXPORT_TYPES: readonly ExportType[] = ['financial', 'giving'];

/** Spec 001 §9: formats and date ranges. */
export const EXPORT_FORMATS = ['pdf', 'excel', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const DATE_RANGES = ['this_week', 'this_month', 'last_month', 'this_quarter', 'this_year', 'last_year', 'custom'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export const EXPORT_TYPE_LABELS: Record<ExportType, string> = {
  financial: 'Financial Report',
  giving: 'Giving Report',
  members: 'Members Report',
  attendance: 'Attendance Report',
  prayer: 'Prayer Report',
  events: 'Events Report',
  directory: 'Member Directory',
  labels: 'Address Labels',
};
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  pdf: 'PDF (print)',
  excel: 'Excel (.xlsx)',
  csv: 'CSV (.csv)',
  json: 'JSON (.json)',
};
export const FORMAT_EXTENSIONS: Record<ExportFormat, string> = { pdf: 'pdf', excel: 'xlsx', csv: 'csv', json: 'json' };
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  this_week: 'This week',
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  this_year: 'This year',
  last_year: 'Last year',
  custom: 'Custom range',
};

/**
 * Spec 001 §9: "breakdowns vary by report type; the exact values are not
 * shown". Ours: the groupings a church office asks of each report. The first
 * is the default.
 */
export const BREAKDOWNS = {
  financial: ['month', 'fund', 'method'],
  giving: ['donor', 'fund', 'month', 'method'],
  members: ['status', 'role', 'join_month', 'gender'],
  attendance: ['event', 'month', 'member'],
  prayer: ['status', 'priority', 'month'],
  events: ['type', 'month'],
  directory: [],
  labels: [],
} as const satisfies Record<ExportType, readonly string[]>;
export const ALL_BREAKDOWNS = [
  'month',
  'fund',
  'method',
  'donor',
  'status',
  'role',
  'join_month',
  'gender',
  'event',
  'member',
  'priority',
  'type',
] as const;
export type Breakdown = (typeof ALL_BREAKDOWNS)[number];
export const BREAKDOWN_LABELS: Record<Breakdown, string> = {
  month: 'Month',
  fund: 'Fund',
  method: 'Payment method',
  donor: 'Donor',
  status: 'Status',
  role: 'Role',
  join_month: 'Month joined',
  gender: 'Gender',
  event: 'Event',
  member: 'Member',
  priority: 'Priority',
  type: 'Event type',
};

export const EXPORT_TEXTS = {
  /** Spec 001 §5. */
  customRangeRequired: 'Start date and end date are required for custom range',
  endBeforeStart: 'The end date cannot be before the start date',
  /** Spec 001 §8. */
  exported: (reportName: string) => `${reportName} exported successfully!`,
  failed: (type: string) => `Failed to export ${type} report`,
  pdfOnly: 'This list is available as PDF only',
  breakdownInvalid: 'That breakdown is not available for this report',
  notReady: 'This export is not ready yet',
  expired: 'This download link has expired. Export the report again.',
  notFound: 'Export not found',
  requesterLostRight: 'The person who made this export may no longer export this report, so its link no longer works.',
} as const;

/** How long a finished file can be downloaded. */
export const EXPORT_LINK_HOURS = 24;

const day = z
  .string()
  .max(10, { error: 'Use the date format YYYY-MM-DD', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  // A real calendar day from 1900 on (no 30 February, no year 0).
  .refine(
    (d) => d >= '1900-01-01' && !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().slice(0, 10) === d,
    'That date does not exist',
  );

/** Spec 001 §3 Export options: format, dateRange, startDate, endDate, includeDetails, breakdownBy (and which report). */
export const exportRequest = z
  .object({
    reportType: z.enum(EXPORT_TYPES).describe('Which report'),
    format: z.enum(EXPORT_FORMATS).default('pdf'),
    dateRange: z.enum(DATE_RANGES).default('this_month'),
    startDate: day.optional().or(z.literal('')),
    endDate: day.optional().or(z.literal('')),
    includeDetails: z.boolean().default(true).describe('One row per record beside the summary; false gives the summary only'),
    breakdownBy: z.enum(ALL_BREAKDOWNS).optional().describe("Grouping of the summary; the report type's first breakdown when left out"),
  })
  .superRefine((v, ctx) => {
    if (v.dateRange === 'custom') {
      if (!v.startDate || !v.endDate)
        ctx.addIssue({ code: 'custom', message: EXPORT_TEXTS.customRangeRequired, path: [v.startDate ? 'endDate' : 'startDate'] });
      else if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: EXPORT_TEXTS.endBeforeStart, path: ['endDate'] });
    }
    if ((LIST_TYPES as readonly string[]).includes(v.reportType) && v.format !== 'pdf')
      ctx.addIssue({ code: 'custom', message: EXPORT_TEXTS.pdfOnly, path: ['format'] });
    if (v.breakdownBy && !(BREAKDOWNS[v.reportType] as readonly string[]).includes(v.breakdownBy))
      ctx.addIssue({ code: 'custom', message: EXPORT_TEXTS.breakdownInvalid, path: ['breakdownBy'] });
  });
export type ExportRequest = z.input<typeof exportRequest>;
export type ExportOptions = z.output<typeof exportRequest>;

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

export const exportFile = z.object({
  ...entityIds,
  reportType: z.enum(EXPORT_TYPES),
  reportName: z.string(),
  format: z.enum(EXPORT_FORMATS),
  options: z.object({
    dateRange: z.enum(DATE_RANGES),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
    includeDetails: z.boolean(),
    breakdownBy: z.string().optional(),
  }),
  status: z.enum(EXPORT_STATUSES),
  progress: z.number().int().describe('0–100'),
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  /** A signed link that works without the bearer token until expiresAt. */
  downloadUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ExportFile = z.infer<typeof exportFile>;

export const exportFileResponse = z.object({ status: z.literal('success'), data: z.object({ export: exportFile }) });
export const exportFilesResponse = z.object({ status: z.literal('success'), data: z.object({ exports: z.array(exportFile) }) });
export const downloadQuery = z.object({
  token: z.string().min(1).max(200),
  inline: queryBoolean.optional(),
});
