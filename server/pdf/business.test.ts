import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { billingSettingsOf } from "../billing/settings";
import { environmentSettings } from "../settings/settings-store";
import { renderInvoicePdf } from "./invoice-pdf";
import { renderReceiptPdf } from "./receipt-pdf";
import { imagesOf, textOf } from "./testing/poppler";
import { sampleInvoice, sampleReceipt } from "./testing/samples";

/** The business a document prints when the environment sets it and nothing is saved in the back office. */
function documentBusinessOf(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  return billingSettingsOf(environmentSettings(config), config.publicUrl, config.business.logo).business;
}

describe("the business on every document, from configuration", () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-logo-"));
    const logo = sharp({ create: { width: 320, height: 96, channels: 4, background: { r: 11, g: 79, b: 138, alpha: 0.9 } } });
    writeFileSync(path.join(dir, "logo.png"), await logo.clone().png().toBuffer());
    writeFileSync(path.join(dir, "logo.jpg"), await logo.clone().flatten({ background: "#ffffff" }).jpeg().toBuffer());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints BUSINESS_NAME, BUSINESS_ADDRESS, BUSINESS_PHONE and BUSINESS_EMAIL, and no image without a logo", async () => {
    const business = documentBusinessOf({
      BUSINESS_NAME: "Aerial Ops Ltd",
      BUSINESS_ADDRESS: "Unit 7, Airfield Park\\nCambridge CB5 8RX",
      BUSINESS_PHONE: "+44 20 7946 0000",
      BUSINESS_EMAIL: "ops@example.com",
    });
    const pdf = await renderInvoicePdf(sampleInvoice({ business }));
    const text = await textOf(pdf);
    for (const expected of ["Aerial Ops Ltd", "Unit 7, Airfield Park", "Cambridge CB5 8RX", "+44 20 7946 0000", "ops@example.com"])
      expect(text).toContain(expected);
    expect(await imagesOf(pdf)).toEqual([]);
  });

  it.each([
    ["logo.png", ["image", "smask"]],
    ["logo.jpg", ["image"]],
  ])("draws the BUSINESS_LOGO_PATH image (%s) once, at its own size, beside the business's name", async (file, types) => {
    const business = documentBusinessOf({ BUSINESS_LOGO_PATH: path.join(dir, file) });
    const pdf = await renderReceiptPdf(sampleReceipt({ business }));
    // One image; a PNG with transparency carries its alpha as the image's soft mask (smask), a JPEG has none.
    expect(await imagesOf(pdf)).toEqual(types.map((type) => ({ page: 1, width: 320, height: 96, type })));
    expect(await textOf(pdf)).toMatch(/^SkyVantage/m);
  });
});

describe("the brand's colour on the documents", () => {
  const settingsWith = (primaryColor: string | null) => ({ ...environmentSettings(loadConfig({})), primaryColor });

  it("is the shade that reads on white paper: a light cyan made as dark as the light theme shows it", () => {
    expect(billingSettingsOf(settingsWith("#22d3ee"), "https://example.test", undefined).business.accentColor).toBe("#0b7c8d");
    expect(billingSettingsOf(settingsWith("#2e7d32"), "https://example.test", undefined).business.accentColor).toBe("#2e7d32");
  });

  it("is left out while none is set: the documents keep their own blue", () => {
    expect(billingSettingsOf(settingsWith(null), "https://example.test", undefined).business).not.toHaveProperty("accentColor");
  });
});
