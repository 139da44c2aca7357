// Rendering a 100-line invoice PDF (an invoice may have 100 lines or more:
// docs/decisions/0024-pdf-documents.md): the documents of server/pdf,
// loaded through tsx so plain node runs this, render sampleLongInvoice(lines) `runs` times after 10
// renders of warm-up, one after another in this process, as a request or the mail task would. Prints
// the median, 95th percentile and slowest render in ms, the PDF's size and pages, the process's
// resident memory before and at peak (the kernel's high-water mark, maxRSS), and with --expose-gc
// the JavaScript heap after a full collection before and after the runs (what a render leaves behind).
// Usage: node --expose-gc bench/invoice-pdf.mjs [runs=200] [lines=100]   (npm run bench:pdf)
import { tsImport } from "tsx/esm/api";

const runs = Number(process.argv[2] ?? 200);
const lineCount = Number(process.argv[3] ?? 100);
const WARM_UP = 10;
const load = (file) => tsImport(file, import.meta.url);
const { renderInvoicePdf } = await load("../server/pdf/invoice-pdf.ts");
const { sampleLongInvoice } = await load("../server/pdf/testing/samples.ts");

/** Heap in use after a full collection, when node runs with --expose-gc. */
const heapAfterGc = () => {
  if (typeof globalThis.gc !== "function") return undefined;
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

const invoice = sampleLongInvoice(lineCount);
const rssBefore = process.memoryUsage().rss;
const first = performance.now();
let pdf = await renderInvoicePdf(invoice);
const firstMs = performance.now() - first;
for (let i = 1; i < WARM_UP; i += 1) await renderInvoicePdf(invoice);

const heapBefore = heapAfterGc();
const times = [];
for (let i = 0; i < runs; i += 1) {
  const started = performance.now();
  pdf = await renderInvoicePdf(invoice);
  times.push(performance.now() - started);
}
const heapAfter = heapAfterGc();
times.sort((a, b) => a - b);
const at = (share) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)];
const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;
const mb = (bytes, digits = 0) => `${(bytes / 1_000_000).toFixed(digits)} MB`;

console.log(`invoice of ${lineCount} lines: ${pages} pages, ${(pdf.length / 1000).toFixed(1)} KB`);
console.log(`first render (cold): ${firstMs.toFixed(1)} ms`);
console.log(
  `${runs} renders after ${WARM_UP} of warm-up: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, slowest ${times.at(-1).toFixed(1)} ms`,
);
console.log(`resident memory: ${mb(rssBefore)} before, ${mb(process.resourceUsage().maxRSS * 1024)} at peak`);
if (heapBefore !== undefined && heapAfter !== undefined)
  console.log(`heap after a full collection: ${mb(heapBefore, 1)} before the runs, ${mb(heapAfter, 1)} after`);
