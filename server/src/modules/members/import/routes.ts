import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { errorResponses } from '@church/contract/http';
import {
  IMPORT_TEXTS,
  MEMBER_IMPORT_MAX_BYTES,
  importDoneResponse,
  importDryRunResponse,
  importMappingSchema,
  type ImportMapping,
} from '@church/contract/members-import';
import type { Db } from '../../../db/client';
import { badRequest, HttpError } from '../../../lib/errors';
import { auth } from '../../../plugins/auth';
import { closeAfterRefusal } from '../../sermons/upload';
import type { EmitEvents } from '../../../events/domain-events';
import type { Actor } from '../service';
import { csvRecords } from './csv-source';
import { createMemberImport, MAPPABLE, type ImportResult } from './import-service';

const errors = errorResponses(400, 401, 403, 413, 415);
const describe = `multipart/form-data: an optional field "mapping" (JSON: CSV header → member field, '' to skip; fields: ${MAPPABLE}) sent before the CSV file field "file" (UTF-8, header row first, at most ${MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB). Without a mapping the usual header names are recognised. Rows are matched to members by e-mail, or by phone (any form) with the same name; blank cells keep what is stored. A Household column (or a shared address) creates or joins households.`;

function parseMapping(value: string): ImportMapping {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw badRequest(IMPORT_TEXTS.badMapping);
  }
  const r = importMappingSchema.safeParse(json);
  if (!r.success) throw badRequest(IMPORT_TEXTS.badMapping);
  return r.data;
}

/** Stops reading an upload refused for its size (not on app.inject's stand-in socket, which cannot be closed). */
function refuse(request: FastifyRequest) {
  if (typeof request.raw.socket?.destroy === 'function') closeAfterRefusal(request);
}

/**
 * Reads the upload's parts in order — the mapping, then the file — and runs
 * `use` on the file's records while they stream in.
 */
async function withUpload(
  request: FastifyRequest,
  use: (records: AsyncIterable<string[]>, opts: { mapping?: ImportMapping; fileName: string }) => Promise<ImportResult>,
) {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the CSV file as multipart/form-data');
  let mapping: ImportMapping | undefined;
  let result: ImportResult | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: MEMBER_IMPORT_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 5 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping' && typeof part.value === 'string' && part.value.trim()) mapping = parseMapping(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field '${part.fieldname.slice(0, 40)}': send the CSV as "file"`);
      const fileName = (part.filename || 'members.csv').slice(0, 200);
      result = await use(csvRecords(part.file), { mapping, fileName });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (err instanceof HttpError && err.statusCode === 413) refuse(request);
    if (err instanceof HttpError) throw err;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      refuse(request);
      throw new HttpError(413, IMPORT_TEXTS.tooLarge);
    }
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED')
      throw badRequest('Send one CSV file and at most the mapping field');
    if (request.raw.destroyed || request.raw.readableAborted) throw badRequest('The upload was interrupted');
    throw err;
  }
  if (!result) throw badRequest(IMPORT_TEXTS.noFile);
  return result;
}

/** CSV import of members: the same permission as adding one (members:manage). */
export async function memberImportRoutes(
  appBase: FastifyInstance,
  opts: { db: Db; emitMany?: EmitEvents; actorOf: (request: FastifyRequest) => Actor },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const importer = createMemberImport(opts.db, opts.emitMany);
  const tags = ['Members'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/members/import/dry-run',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Dry run of a CSV import: what each row would do, and every error (writes nothing)',
        description: describe,
        consumes: ['multipart/form-data'],
        response: { 200: importDryRunResponse, ...errors },
      },
    },
    async (request) => {
      const actor = opts.actorOf(request);
      let fileName = '';
      const result = await withUpload(request, (records, o) => {
        fileName = o.fileName;
        return importer.dryRun(actor, records, o);
      });
      return { status: 'success' as const, data: { fileName, ...result } };
    },
  );

  app.post(
    '/members/import',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Import members from CSV: the good rows in one transaction; the bad ones come back as CSV with their reasons',
        description: describe,
        consumes: ['multipart/form-data'],
        response: { 200: importDoneResponse, ...errors },
      },
    },
    async (request) => {
      const actor = opts.actorOf(request);
      const { counts, households, rejectedCsv } = await withUpload(request, (records, o) => importer.commit(actor, records, o));
      return { status: 'success' as const, message: IMPORT_TEXTS.imported(counts), data: { counts, households, rejectedCsv } };
    },
  );
}
