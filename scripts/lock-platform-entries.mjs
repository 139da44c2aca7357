// The registry reachable here lacks Tailwind's native binaries for other platforms, so npm
// leaves them out of package-lock.json and `npm ci` then refuses the lock. This writes the
// entries npm would have written (platform-restricted, optional), which `npm ci` skips on
// this platform. Run it after `npm install` changes the lock (docs/decisions/0008).
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORMS = {
  "android-arm64": { os: ["android"], cpu: ["arm64"] },
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "freebsd-x64": { os: ["freebsd"], cpu: ["x64"] },
  "linux-arm-gnueabihf": { os: ["linux"], cpu: ["arm"] },
  "linux-arm64-gnu": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
  "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
  "linux-x64-gnu": { os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
  "linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
  "wasm32-wasi": { cpu: ["wasm32"] },
  "win32-arm64-msvc": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64-msvc": { os: ["win32"], cpu: ["x64"] },
};

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const oxide = lock.packages["node_modules/@tailwindcss/oxide"];
let added = 0;
for (const [name, version] of Object.entries(oxide?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = PLATFORMS[name.replace("@tailwindcss/oxide-", "")];
  if (!platform) throw new Error(`unknown platform package ${name}`);
  lock.packages[key] = { version, dev: true, optional: true, ...platform, license: "MIT", engines: { node: ">= 20" } };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries to package-lock.json`);
