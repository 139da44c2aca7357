import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { LocalDiskStorage } from "./local-disk";
import { S3Storage } from "./s3";
import { storageFor } from "./select-storage";

describe("storage chosen by configuration", () => {
  it("stores on local disk in UPLOADS_DIR when S3_BUCKET is unset", () => {
    const config = loadConfig({ DATA_DIR: "/srv/sky" });
    expect(config.s3).toBeUndefined();
    expect(config.uploadsDir).toBe(path.resolve("/srv/sky/uploads"));
    expect(storageFor(config)).toBeInstanceOf(LocalDiskStorage);
  });

  it("stores in the bucket when S3_BUCKET is set: AWS in us-east-1 with the SDK's own credentials by default", () => {
    const config = loadConfig({ S3_BUCKET: "sky-media" });
    expect(config.s3).toEqual({ bucket: "sky-media", endpoint: undefined, region: "us-east-1", credentials: undefined });
    expect(storageFor(config)).toBeInstanceOf(S3Storage);
  });

  it("reads an S3-compatible endpoint, region and key pair", () => {
    const config = loadConfig({
      S3_BUCKET: "sky-media",
      S3_ENDPOINT: "http://minio:9000",
      S3_REGION: "eu-west-3",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-example",
    });
    expect(config.s3).toEqual({
      bucket: "sky-media",
      endpoint: "http://minio:9000",
      region: "eu-west-3",
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret-example" },
    });
  });

  it.each([
    [{ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" }, /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: "secret" }, /S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_ENDPOINT: "http://minio:9000" }, /S3_BUCKET: is needed with S3_ENDPOINT/],
    [{ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" }, /S3_ENDPOINT: must be an http\(s\) URL/],
    [{ S3_BUCKET: "b", S3_REGION: " " }, /S3_REGION:/],
  ])("stops with a message naming the variable: %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
