import { PDFDocument } from 'pdf-lib';
import { fieldError } from '../../infra/errors';

/**
 * A PDF is what its bytes say, not its name or type header: it must start with the `%PDF-` magic bytes (within its
 * first kilobyte, as readers allow) and open as a PDF document with at least one page (pdf-lib, strict about broken
 * objects). Encrypted PDFs are accepted: they are still PDFs. A 400 naming `field` otherwise.
 */
export async function assertPdf(bytes: Buffer, field = 'file') {
  const notPdf = () => fieldError('bad_request', field, 'must be a PDF document');
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) throw notPdf();
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    if (doc.getPageCount() < 1) throw notPdf();
  } catch {
    throw notPdf();
  }
}

/** A download name without path parts or characters that would break the header; always ending in .pdf. */
export function safeFileName(name: string, fallback = 'document'): string {
  // Printable characters only: control characters and quotes would break the Content-Disposition header.
  const printable = [...(name.split(/[\\/]/).pop() ?? '')].filter(
    (c) => c >= ' ' && c !== '"' && c !== '\u007f',
  );
  const base = printable.join('').trim().slice(0, 120);
  const stem = base.replace(/\.pdf$/i, '') || fallback;
  return `${stem}.pdf`;
}

/** Content-Disposition for a PDF: an ASCII name for old clients, filename* with the exact UTF-8 name. */
export function pdfDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
