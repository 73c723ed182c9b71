import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors';

/**
 * What every CSV upload shares (the catalogue import, price lists): the checks that tell an admin what to fix
 * before any row is read, and reading a small upload. Each refusal is a 400 naming the multipart field `file`.
 */

export const csvFileError = (text: string) => fieldError('bad_request', 'file', text);

const DELIMITERS: [string, string][] = [
  [';', 'semicolons'],
  ['\t', 'tabs'],
  ['|', 'vertical bars'],
];

/**
 * A header read as one cell holding another delimiter is a spreadsheet's regional "CSV" (semicolons) or a
 * tab-separated export: the message says how to save it.
 */
export function delimiterProblem(header: string[]): string | undefined {
  if (header.length !== 1) return undefined;
  const other = DELIMITERS.find(([d]) => header[0]!.includes(d));
  return (
    other && `columns must be separated by commas, not ${other[1]} (save the file as "CSV UTF-8, comma")`
  );
}

/**
 * The text of an upload, refused when it is empty, binary or not UTF-8. `partial`: the bytes are the file's first
 * part, whose last character may be cut in two.
 */
export function csvText(bytes: Buffer, partial = false): string {
  if (bytes.length === 0) throw csvFileError('the file is empty');
  if (bytes.includes(0)) throw csvFileError('this is not a CSV file (it contains binary data)');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    throw csvFileError('the file is not UTF-8 text (save it as "CSV UTF-8")');
  }
}

/**
 * The one file of a multipart request (field `file`), read into memory: for uploads small enough to hold (the
 * catalogue's, up to 100 MB, streams to disk instead). Past `maxBytes` it is a 413 naming `file`.
 */
export async function receiveSmallCsv(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart()) throw csvFileError('send the CSV as multipart/form-data');
  const file = await req.file().catch(() => undefined);
  if (!file || file.fieldname !== 'file') throw csvFileError('a CSV file is required');
  return file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `file: must be at most ${sizeText(maxBytes)}`, 'file');
    throw csvFileError('the upload could not be read');
  });
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} kB`;
