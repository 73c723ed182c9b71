import { eq } from 'drizzle-orm';
import type { Machine } from '@shared/equipment/equipment.schema';
import { MAX_IMAGE_BYTES } from '@shared/media/media.schema';
import { machines } from '../../db/schema';
import type { Db } from '../../infra/db';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { MediaStore, StoredMedia } from '../../infra/storage';
import type { SessionUser } from '../../http/auth-guard';
import { assertPdf, storeImage } from '../media/media.service';
import { machineOf, toMachine } from './equipment.machines';

/** A private folder (PRIVATE_MEDIA_FOLDERS): /media never serves it, only the machine's proof route does. */
export const PROOF_FOLDER = 'warranty-proofs';

const notProof = () => fieldError('bad_request', 'file', 'must be a PDF, or a JPEG, PNG or WebP image');

/** A download name without path parts or characters that would break the header. */
function safeName(name: string, ext: string) {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c >= ' ' && c !== '"' && c !== '\u007f')
    .join('')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 120);
  return `${base || 'proof-of-purchase'}.${ext}`;
}

/**
 * Stores a machine's proof of purchase (decision 064, addendum) with the media feature's own checks: the bytes decide
 * what it is — a PDF that opens (at most 10 MB), else an image (at most 5 MB, re-encoded to WebP without its
 * metadata) — and it goes to a private folder. The machine's owner, a member of its company or an admin may upload;
 * a new upload replaces the old. The machine is then covered by warranty (within its months).
 */
export async function uploadProof(
  deps: { db: Db; media: MediaStore },
  caller: SessionUser,
  machineId: string,
  upload: { bytes: Buffer; fileName: string },
): Promise<Machine> {
  await machineOf(deps.db, caller, machineId);
  let key: string;
  let fileName: string;
  if (upload.bytes.subarray(0, 1024).indexOf('%PDF-') >= 0) {
    await assertPdf(upload.bytes);
    key = await deps.media.put(PROOF_FOLDER, upload.bytes, 'pdf');
    fileName = safeName(upload.fileName, 'pdf');
  } else {
    if (upload.bytes.length > MAX_IMAGE_BYTES)
      throw fieldError('bad_request', 'file', 'an image must be at most 5 MB');
    key = await storeImage(deps.media, upload.bytes, PROOF_FOLDER).catch((err: unknown) => {
      throw err instanceof AppError ? notProof() : err;
    });
    fileName = safeName(upload.fileName, 'webp');
  }
  await deps.db
    .update(machines)
    .set({ invoiceKey: key.replace(/^\/media\//, ''), invoiceFileName: fileName })
    .where(eq(machines.id, machineId));
  return toMachine(await machineOf(deps.db, caller, machineId));
}

/** The machine's uploaded proof, for whoever may see the machine. */
export async function openProof(
  deps: { db: Db; media: MediaStore },
  caller: SessionUser,
  machineId: string,
): Promise<{ file: StoredMedia; fileName: string; type: string }> {
  const m = await machineOf(deps.db, caller, machineId);
  if (!m.invoiceKey) throw notFound('Proof of purchase');
  const file = await deps.media.get(m.invoiceKey).catch(() => {
    throw new AppError('unavailable', 'Files are temporarily unavailable. Please try again.');
  });
  if (!file) throw notFound('Proof of purchase');
  const type = m.invoiceKey.endsWith('.pdf') ? 'application/pdf' : 'image/webp';
  return { file, fileName: m.invoiceFileName ?? 'proof-of-purchase', type };
}
