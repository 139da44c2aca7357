import { convertedImages, type ImageSources } from "./report-images";
import { type ReportInput, writeInspectionReportPdf } from "./report-pdf";

/**
 * What the report's process is given (JSON): the report's input as generate-report.ts read it, the
 * images copied out of storage, and where to write the PDF. The logo travels as base64. The
 * findings' dates arrive as strings, which the PDF does not print.
 */
export type ReportDrawing = Omit<ReportInput, "imagesOf" | "business"> & {
  business: Omit<ReportInput["business"], "logo"> & { logoBase64: string | null };
  images: ImageSources;
  /** The work folder: the images are converted into it. */
  workDir: string;
  /** Where the PDF is written. */
  file: string;
};

/** Draws the inspection report's PDF in the report's own process (server/node-task-entry.ts). */
export async function drawInspectionReport(drawing: ReportDrawing): Promise<void> {
  const { business, images, workDir, file, ...input } = drawing;
  const { logoBase64, ...rest } = business;
  await writeInspectionReportPdf(file, {
    ...input,
    business: logoBase64 === null ? rest : { ...rest, logo: Buffer.from(logoBase64, "base64") },
    imagesOf: convertedImages(images, workDir),
  });
}

declare module "../processes/node-task" {
  interface NodeTasks {
    /** The inspection report's PDF, drawn into `file` in a process of its own (server/inspection-report/generate-report.ts). */
    "report-pdf": { input: ReportDrawing; output: { written: true } };
  }
}
