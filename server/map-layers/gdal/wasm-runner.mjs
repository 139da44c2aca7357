// The WebAssembly GDAL (gdal3.js) in a child process of its own, started by wasm.ts for one layer:
// GDAL's work never runs on the server's main thread, its memory (up to 4 GB of WebAssembly heap)
// goes back to the system when the child exits, and gdal3.js's global state (one mounted input
// folder, one output folder) serves one job at a time.
// Usage: a child of wasm.ts, `wasm-runner.mjs <work folder> <GDAL config as JSON>`; requests and
// answers (WasmRequest, WasmAnswer in wasm.ts) travel over the IPC channel.
// Plain JavaScript, so it starts with node alone from the source tree as from dist/ (scripts/build.mjs copies it).
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const [workDir, configJson] = process.argv.slice(2);
if (!workDir || !configJson || !process.send) {
  console.error("usage: a child process of wasm.ts, given its work folder and GDAL settings");
  process.exit(2);
}

// GDAL's own error lines: gdal3.js answers only the last error, these say what led to it.
let errorLines = [];

/** gdal3.js rejects with { no, message } objects (or arrays of them), not Errors. */
function messageOf(error) {
  const items = Array.isArray(error) ? error : [error];
  const said = items
    .map((item) => (item && typeof item === "object" && "message" in item ? String(item.message) : String(item)))
    .filter(Boolean)
    .join(" ");
  const context = errorLines.map((line) => line.replace(/^ERROR \d+:\s*/, "")).filter((line) => !said.includes(line));
  return (
    [...context, said]
      .join(" ")
      // gdal3.js's own follow-up to a failed output, not GDAL's reason.
      .replace(/Pointer '\w+' is NULL in '\w+'\.?/g, "")
      .trim()
      .slice(0, 500) || "GDAL failed without a message"
  );
}

async function opened(Gdal, file, use) {
  const dataset = await Gdal.open(file).then(
    ({ datasets }) => datasets[0],
    () => undefined,
  );
  if (!dataset) throw new Error(errorLines[0] || `GDAL could not open ${path.basename(file)}`);
  try {
    return await use(dataset);
  } finally {
    await Gdal.close(dataset);
  }
}

async function handle(Gdal, request) {
  if (request.op === "info") return opened(Gdal, request.file, (dataset) => Gdal.gdalinfo(dataset, request.args));
  // gdal3.js writes into its output folder (the work folder, mounted at start) under a name it extends itself.
  if (path.dirname(request.target) !== workDir || path.extname(request.target) !== ".tif") throw new Error(`the target must be a .tif in ${workDir}`);
  await opened(Gdal, request.source, (dataset) => Gdal.gdalwarp(dataset, request.args, path.basename(request.target, ".tif")));
  return null;
}

const packageDir = path.join(path.dirname(require.resolve("gdal3.js/node.js")), "dist", "package");
const Gdal = await require("gdal3.js/node.js")({
  // gdal3.js reads its .data file as "./" + this path: relative to the working folder, wherever that is.
  path: path.relative(process.cwd(), packageDir) || ".",
  dest: workDir,
  env: JSON.parse(configJson),
  logHandler: () => undefined,
  errorHandler: (text) => {
    errorLines.push(text);
    if (errorLines.length > 20) errorLines.shift();
  },
});

// One request at a time, in order: gdal3.js keeps one mounted input folder.
let queue = Promise.resolve();
process.on("message", (request) => {
  queue = queue.then(async () => {
    errorLines = [];
    try {
      process.send({ id: request.id, ok: true, result: await handle(Gdal, request) });
    } catch (error) {
      process.send({ id: request.id, ok: false, message: messageOf(error) });
    }
  });
});
// The parent closing the channel (done, or gone) ends the child.
process.on("disconnect", () => process.exit(0));
process.send({ ready: true });
