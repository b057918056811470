import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { errorResponses, idParams } from '@church/contract/http';
import {
  BANK_TEXTS,
  STATEMENT_MAX_BYTES,
  assignLineRequest,
  columnMappingSchema,
  confirmLinesRequest,
  confirmLinesResponse,
  dismissLineRequest,
  importStatementResponse,
  lineResponse,
  statementLinesQuery,
  statementLinesResponse,
  statementsResponse,
  type ColumnMapping,
  type Statement,
  type StatementBank,
  type StatementLine,
} from '@church/contract/giving-bank';
import { centsToRand } from '@church/contract/rules/money';
import type { BankStatementRow } from '../../../db/schema/index';
import { badRequest, HttpError } from '../../../lib/errors';
import { auth, currentUser } from '../../../plugins/auth';
import { closeAfterRefusal } from '../../sermons/upload';
import type { BankStatements, LineView } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving administration'];
const security = [{ bearerAuth: [] }];
// Statement lines name givers: named giving, which a church may withhold from pastors (issue 29).
const read = auth.permission('giving:named');
const manage = auth.permission('finance:manage');

const presentStatement = (s: BankStatementRow): Statement => ({
  _id: s.id,
  id: s.id,
  bank: s.bank as StatementBank,
  account: s.account,
  fileName: s.fileName,
  importedAt: s.importedAt.toISOString(),
  credits: s.credits,
  duplicates: s.duplicates,
  debits: s.debits,
});
export const presentLine = ({ line: l, donationReference, donationAmountCents, memberName }: LineView): StatementLine => ({
  _id: l.id,
  id: l.id,
  statementId: l.statementId,
  date: l.postedOn,
  amount: centsToRand(l.amountCents),
  description: l.description,
  reference: l.reference,
  status: l.status as StatementLine['status'],
  matchReason: l.matchReason,
  donationId: l.donationId ?? l.candidateDonationId,
  donationReference: donationReference ?? null,
  donationAmount: donationAmountCents === null || donationAmountCents === undefined ? null : centsToRand(donationAmountCents),
  memberId: l.candidateUserId,
  memberName: memberName ?? null,
  dismissReason: l.dismissReason,
});

function parseMapping(value: string): ColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw badRequest(BANK_TEXTS.badMapping);
  }
  const r = columnMappingSchema.safeParse(json);
  if (!r.success) throw badRequest(`${BANK_TEXTS.badMapping}: ${r.error.issues[0]?.message ?? ''}`);
  return r.data;
}

/** The upload: optional "mapping" (JSON) and "account" fields, then the file, read whole but never past the cap (413). */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the statement as multipart/form-data');
  let mapping: ColumnMapping | undefined;
  let account: string | undefined;
  let file: { bytes: Uint8Array; fileName: string } | undefined;
  const refuse = () => {
    // Stop reading an upload refused for its size (not on app.inject's stand-in socket, which cannot be closed).
    if (typeof request.raw.socket?.destroy === 'function') closeAfterRefusal(request);
    return new HttpError(413, BANK_TEXTS.tooLarge);
  };
  try {
    const parts = request.parts({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 5 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping' && typeof part.value === 'string' && part.value.trim()) mapping = parseMapping(part.value);
        if (part.fieldname === 'account' && typeof part.value === 'string') account = part.value.trim().slice(0, 40) || undefined;
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field '${part.fieldname.slice(0, 40)}': send the statement as "file"`);
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw refuse();
      file = { bytes, fileName: (part.filename || 'statement.csv').slice(0, 200) };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (err instanceof HttpError) throw err;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse();
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED')
      throw badRequest('Send one statement file, and at most the mapping and account fields');
    if (request.raw.destroyed || request.raw.readableAborted) throw badRequest('The upload was interrupted');
    throw err;
  }
  if (!file) throw badRequest(BANK_TEXTS.noFile);
  return { ...file, mapping, account };
}

/** Bank statements: import, the lines and their matches, bulk confirmation, the queue. Finance roles only (contract/roles.ts). */
export async function bankStatementRoutes(appBase: FastifyInstance, { service }: { service: BankStatements }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/giving/bank-statements',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Import a bank statement (CSV from FNB, ABSA, Standard Bank, Nedbank, Capitec; OFX; or any CSV with a column mapping)',
        description: `multipart/form-data: optional "mapping" (JSON: the header names of date, amount or credit/debit, description, reference, balance), optional "account" (for a file that names none), then the file "file" (at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB; UTF-8 or Windows-1252). Only credits are kept; each is matched to a pending EFT gift by reference or suggested. A file with an unreadable line is refused whole; lines imported before are skipped.`,
        consumes: ['multipart/form-data'],
        response: { 201: importStatementResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const statement = await service.import(currentUser(request), upload);
      return reply.code(201).send({
        status: 'success' as const,
        message: BANK_TEXTS.imported(statement.credits, statement.duplicates),
        data: { statement: presentStatement(statement), counts: await service.counts(statement.id) },
      });
    },
  );
  app.get(
    '/giving/bank-statements',
    { preHandler: read, schema: { tags, security, summary: 'Imported statements, newest first (the last 50)', response: { 200: statementsResponse, ...errors } } },
    async () => ({ status: 'success' as const, data: { statements: (await service.statements()).map(presentStatement) } }),
  );
  app.get(
    '/giving/bank-statement-lines',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Statement credits by state (matched, suggested, unmatched: the queue; confirmed, dismissed), with the counts',
        querystring: statementLinesQuery,
        response: { 200: statementLinesResponse, ...errors },
      },
    },
    async (request) => {
      const [lines, counts] = await Promise.all([service.lines(request.query), service.counts(request.query.statementId)]);
      return { status: 'success' as const, data: { lines: lines.map(presentLine), counts } };
    },
  );
  app.post(
    '/giving/bank-statement-lines/confirm',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Confirm matched and suggested lines in bulk: each completes its pending EFT gift once',
        body: confirmLinesRequest,
        response: { 200: confirmLinesResponse, ...errors },
      },
    },
    async (request) => {
      const result = await service.confirm(currentUser(request), request.body.lineIds);
      return { status: 'success' as const, message: BANK_TEXTS.confirmed(result.confirmed), data: result };
    },
  );
  app.post(
    '/giving/bank-statement-lines/:id/assign',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: "Assign a line to a member: completes their pending EFT gift of that amount, or records a new gift",
        params: idParams,
        body: assignLineRequest,
        response: { 200: lineResponse, ...errors },
      },
    },
    async (request) => {
      await service.assign(currentUser(request), request.params.id, request.body.userId, request.body.fund);
      return { status: 'success' as const, message: BANK_TEXTS.assigned, data: { line: presentLine(await service.line(request.params.id)) } };
    },
  );
  app.post(
    '/giving/bank-statement-lines/:id/dismiss',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Dismiss a line that is not a gift (a refund, an internal transfer), with a reason',
        params: idParams,
        body: dismissLineRequest,
        response: { 200: lineResponse, ...errors },
      },
    },
    async (request) => {
      await service.dismiss(currentUser(request), request.params.id, request.body.reason);
      return { status: 'success' as const, message: BANK_TEXTS.dismissed, data: { line: presentLine(await service.line(request.params.id)) } };
    },
  );
}
