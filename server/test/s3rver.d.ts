/** The little of s3rver (which ships no types) that the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string });
    run(): Promise<{ port: number; address: string }>;
    close(): Promise<void>;
  }
}
