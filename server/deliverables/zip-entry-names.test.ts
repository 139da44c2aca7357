import { describe, expect, it } from "vitest";
import { safeFileName, zipDisposition, zipEntryNames } from "./zip-entry-names";

describe("the names inside a job's ZIP", () => {
  it("keeps each file in its kind's folder and suffixes a repeated name before its extension, ignoring case", () => {
    const names = zipEntryNames([
      { kind: "report", name: "Survey.pdf" },
      { kind: "report", name: "survey.PDF" },
      { kind: "report", name: "Survey.pdf" },
      { kind: "media", name: "Survey.pdf" },
      { kind: "layer", name: "dsm" },
      { kind: "layer", name: "dsm" },
      { kind: "document", name: "plan.pdf" },
    ]);
    expect(names).toEqual([
      "reports/Survey.pdf",
      "reports/survey (2).PDF",
      "reports/Survey (3).pdf",
      "media/Survey.pdf",
      "layers/dsm",
      "layers/dsm (2)",
      "documents/plan.pdf",
    ]);
  });

  it("never lets a name leave its folder, hide itself or carry characters a file system refuses", () => {
    expect(safeFileName("../../etc/passwd")).toBe("_.._etc_passwd");
    expect(safeFileName("..\\..\\boot.ini")).toBe("_.._boot.ini");
    expect(safeFileName(".bashrc")).toBe("bashrc");
    expect(safeFileName("a\u0000b\r\nc:d*e?.pdf")).toBe("a_b_c_d_e_.pdf");
    expect(safeFileName("..")).toBe("file");
    expect(safeFileName("Résumé été.pdf")).toBe("Résumé été.pdf");
    expect(safeFileName(`${"x".repeat(300)}.tif`)).toBe(`${"x".repeat(146)}.tif`);
  });

  it("names the archive after the job, in ASCII, with the title's own letters as filename* when they are not", () => {
    expect(zipDisposition({ id: 42, title: "Solar farm — North" })).toBe(`attachment; filename="job-42-solar-farm-north.zip"`);
    expect(zipDisposition({ id: 7, title: "Solarpark Süd" })).toBe(
      `attachment; filename="job-7-solarpark-sud.zip"; filename*=UTF-8''job-7-solarpark-s%C3%BCd.zip`,
    );
    expect(zipDisposition({ id: 8, title: "屋根の点検" })).toBe(
      `attachment; filename="job-8.zip"; filename*=UTF-8''job-8-${encodeURIComponent("屋根の点検")}.zip`,
    );
  });
});
