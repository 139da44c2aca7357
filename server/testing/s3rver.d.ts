// s3rver ships no types; this is the part of its API the tests use.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export interface S3rverOptions {
    port?: number;
    address?: string;
    directory?: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
