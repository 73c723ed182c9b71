import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A local S3-compatible server (s3rver) on 127.0.0.1 in a temporary folder, and the shop settings that use it. */
export interface LocalS3 {
  /** The shop's S3_* settings pointing at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${bucket}-`));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
