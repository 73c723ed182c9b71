import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from './config';
import { MEDIA_CONTENT_TYPES, mediaKey, type MediaStore } from './storage';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Media in an S3-compatible bucket (AWS S3, MinIO, R2, …), so instances on different hosts share them. */
export function s3MediaStore(s3: S3Config): MediaStore {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async put(folder, bytes, ext) {
      const key = mediaKey(folder, bytes, ext);
      // Same key, same bytes: writing again is harmless, so no existence check round trip.
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: bytes,
          ContentType: MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream',
          CacheControl: IMMUTABLE,
        }),
      );
      return `/media/${key}`;
    },
    async putDerived(key, bytes) {
      const ext = key.slice(key.lastIndexOf('.') + 1);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: bytes,
          ContentType: MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream',
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        if (!out.Body) return undefined;
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength,
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
        throw err;
      }
    },
  };
}
