import type { TusOptions } from "@uppy/tus";

type UrlStorage = NonNullable<TusOptions<Record<string, never>, Record<string, never>>["urlStorage"]>;
/** One unfinished upload as tus-js-client stores it: its address on the server, size and metadata. */
export type StoredUpload = Awaited<ReturnType<UrlStorage["findAllUploads"]>>[number];

const PREFIX = "skyvantage-upload::";

/** localStorage, or nothing where the browser refuses it (a private window, storage full): uploads then resume only until the page closes. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function entries(prefix: string): StoredUpload[] {
  const store = storage();
  if (!store) return [];
  const found: StoredUpload[] = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (!key?.startsWith(prefix)) continue;
    try {
      found.push({ ...(JSON.parse(store.getItem(key) ?? "") as StoredUpload), urlStorageKey: key });
    } catch {
      // An entry someone edited by hand is skipped, never allowed to stop an upload.
    }
  }
  return found;
}

/** The fingerprint an entry was stored under (tus-js-client's, here Uppy's file id and the endpoint). */
export const fingerprintOf = (urlStorageKey: string): string => urlStorageKey.slice(PREFIX.length, urlStorageKey.lastIndexOf("::"));

/**
 * Where the uploader keeps each unfinished upload's address, so that choosing the same file again
 * after a reload (or a closed tab) resumes it: tus-js-client's own interface on localStorage, under
 * a key of ours, so the back office can list what is unfinished and forget what was discarded.
 */
export const uploadUrlStorage: UrlStorage = {
  findAllUploads: async () => entries(PREFIX),
  findUploadsByFingerprint: async (fingerprint) => entries(`${PREFIX}${fingerprint}::`),
  removeUpload: async (urlStorageKey) => storage()?.removeItem(urlStorageKey),
  addUpload: async (fingerprint, upload) => {
    const key = `${PREFIX}${fingerprint}::${Math.random().toString(36).slice(2)}`;
    storage()?.setItem(key, JSON.stringify(upload));
    return key;
  },
};
