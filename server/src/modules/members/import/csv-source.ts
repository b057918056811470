import { pipeline, Transform, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_TEXTS, MEMBER_IMPORT_MAX_BYTES } from '@church/contract/members-import';
import { badRequest, HttpError } from '../../../lib/errors';

/** A row longer than this is not a member row (and a file without line breaks is not a CSV). */
const MAX_RECORD_CHARS = 64 * 1024;

/**
 * The uploaded file's records, parsed as they stream in: never more than a
 * chunk of the file in memory, and refused (413) the moment it passes
 * MEMBER_IMPORT_MAX_BYTES. A byte-order mark is dropped; rows may be shorter
 * or longer than the header row (spreadsheets drop trailing empty cells).
 */
export async function* csvRecords(file: Readable, maxBytes = MEMBER_IMPORT_MAX_BYTES): AsyncGenerator<string[]> {
  let size = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new HttpError(413, IMPORT_TEXTS.tooLarge));
      done(null, chunk);
    },
  });
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_CHARS });
  // pipeline, not pipe: a file stream that already failed (a body cut off before its closing boundary is
  // destroyed by the multipart parser before we get here) must end the parser too, or the reader waits forever.
  pipeline(file, limiter, parser, (err) => {
    if (err) parser.destroy(err);
  });
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof CsvError) throw badRequest(IMPORT_TEXTS.notCsv(err.message));
    throw err;
  } finally {
    // Stopped early (a refused mapping, too many rows): let the rest of the upload drain.
    file.unpipe(limiter);
    file.resume();
  }
}
