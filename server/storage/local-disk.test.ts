import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LocalDiskStorage } from "./local-disk";
import { describeStorageContract } from "./storage-contract";

describeStorageContract("local disk", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "skyvantage-storage-"));
  return { storage: new LocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});
