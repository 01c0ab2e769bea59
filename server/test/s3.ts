/**
 * The tests' S3-compatible store: s3rver, started on this machine by the api-postgres and redis
 * projects (s3-global-setup.ts), in a temporary directory. Each test app gets its own bucket.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** s3rver's address, when the project runs its API tests on the S3 store. */
    s3Endpoint: string;
  }
}

/** s3rver's built-in key pair. */
const S3RVER_KEY = 'S3RVER';

/** Whether this project's test apps keep their media in S3 (s3rver) rather than on disk. */
export const testsOnS3 = () => process.env.AMORA_TEST_MEDIA === 's3';

/** The environment of an app on s3rver with a bucket of its own, or `bucket` to share one. */
export async function s3TestEnv(bucket?: string): Promise<Record<string, string>> {
  const endpoint = inject('s3Endpoint');
  const name = bucket ?? `amora-test-${randomBytes(6).toString('hex')}`;
  if (!bucket) {
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    });
    await client.send(new CreateBucketCommand({ Bucket: name }));
    client.destroy();
  }
  return {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: name,
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
  };
}
