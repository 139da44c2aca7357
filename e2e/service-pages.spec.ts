import type { Page } from "@playwright/test";
import { expect, expectSmoothScrollTo, openPage, test, waitForScrollToSettle } from "./fixtures";

interface ServicePage {
  name: string;
  path: string;
  heading: string;
  /** Card, step and area titles of docs/product.md §2 (h3 headings). */
  titles: (string | RegExp)[];
  packages: { name: string; recommended: boolean; includes?: string[] }[];
  /** Label of each package's button. */
  packageButton: string;
  /** Other buttons of the page that lead to the contact section. */
  otherContactButtons: string[];
}

const PAGES: ServicePage[] = [
  {
    name: "solar",
    path: "/solar-inspections",
    heading: "Thermal & Visual Analysis",
    titles: [
      "Thermal Analysis",
      "AI Reports",
      "Rapid Deployment",
      "Initial Survey",
      "Thermal Scanning",
      "Data Analysis",
      "Report Delivery",
      /cell hotspots/i,
      /cracked cells/i,
      /junction box failures/i,
      /diode failures/i,
      /^PID\b/,
      /shading and contamination/i,
    ],
    packages: [
      { name: "Basic Inspection", recommended: false },
      { name: "Standard Operations", recommended: true },
      { name: "Premium Operations", recommended: false },
    ],
    packageButton: "Request Service",
    otherContactButtons: ["Free Consultation"],
  },
  {
    name: "agriculture",
    path: "/agricultural-services",
    heading: "Precision Agriculture",
    titles: [
      "Crop Health Analysis",
      "NDVI Mapping",
      "Irrigation Analysis",
      "Yield Estimation",
      "Field Mapping",
      "Data Collection",
      "Analysis & Processing",
      "Actionable Reports",
      /row crops/i,
      /orchards and vineyards/i,
      /specialty crops/i,
      /rangeland/i,
      /research plots/i,
      /organic operations/i,
    ],
    packages: [
      { name: "Basic Analysis", recommended: false },
      { name: "Precision Operations", recommended: true },
      { name: "Premium Operations", recommended: false },
    ],
    packageButton: "Request Service",
    otherContactButtons: ["Free Consultation"],
  },
  {
    name: "photography",
    path: "/photography-filming",
    heading: "Professional Media Production",
    titles: ["8K Capture Systems", "Cinematic Precision", "FAA Certified", "AI Processing", "Real Estate", "Events & Celebrations", "Commercial Projects"],
    packages: [
      { name: "Basic Package", recommended: false, includes: ["1-hour session", "10-15 images", "1-2 minute video"] },
      {
        name: "Professional Package",
        recommended: true,
        includes: ["3-hour session", "25-30 images", "3-5 minute video", "social media optimisation"],
      },
      {
        name: "Premium Production",
        recommended: false,
        includes: ["up to 8 hours", "50+ images", "custom video", "licensed music and voiceover options"],
      },
    ],
    packageButton: "Get Quote",
    otherContactButtons: ["Get a Quote", "Free Consultation"],
  },
];

function packageCard(page: Page, name: string) {
  return page
    .locator("#packages")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
}

for (const service of PAGES) {
  test.describe(`${service.name} page`, () => {
    test("shows every card, step and package docs/product.md §2 names, with the recommended package marked", async ({ page }) => {
      await openPage(page, service.path, service.heading);
      for (const title of service.titles) {
        const heading = page.getByRole("heading", { level: 3, name: title, exact: typeof title === "string" });
        await expect(heading, `heading ${String(title)}`).toHaveCount(1);
        await expect(heading).toBeVisible();
      }
      for (const pkg of service.packages) {
        const card = packageCard(page, pkg.name);
        await expect(card, `package ${pkg.name}`).toHaveCount(1);
        await expect(card).toBeVisible();
        await expect(card.getByRole("button", { name: service.packageButton, exact: true })).toBeVisible();
        for (const item of pkg.includes ?? []) {
          await expect(card.getByText(item, { exact: false })).toBeVisible();
        }
        const badge = card.getByText("RECOMMENDED", { exact: true });
        if (pkg.recommended) await expect(badge, `${pkg.name} is recommended`).toBeVisible();
        else await expect(badge, `${pkg.name} is not recommended`).toHaveCount(0);
      }
      await expect(page.locator("main").getByText("RECOMMENDED", { exact: true })).toHaveCount(1);
    });

    for (const [index, pkg] of service.packages.entries()) {
      // One package per page is enough to prove the smooth scroll; the others are checked for the button.
      if (index !== 1) continue;
      test(`${service.packageButton} on ${pkg.name} smooth-scrolls to the contact section`, async ({ page }) => {
        await openPage(page, service.path, service.heading);
        const button = packageCard(page, pkg.name).getByRole("button", { name: service.packageButton, exact: true });
        await button.scrollIntoViewIfNeeded();
        await expectSmoothScrollTo(page, page.locator("#contact"), () => button.click());
        await expect(page.getByRole("heading", { name: "Ready to Elevate Your Business?" })).toBeInViewport();
      });
    }

    for (const label of service.otherContactButtons) {
      test(`${label} smooth-scrolls to the contact section`, async ({ page }) => {
        await openPage(page, service.path, service.heading);
        const button = page.getByRole("button", { name: label, exact: true });
        await button.scrollIntoViewIfNeeded();
        await expectSmoothScrollTo(page, page.locator("#contact"), () => button.click());
        await expect(page.getByRole("heading", { name: "Ready to Elevate Your Business?" })).toBeInViewport();
      });
    }
  });
}

// The sections after the packages (recent missions, testimonials) appear as the reader nears them,
// so one may arrive while a smooth scroll to the contact section is on its way; the scroll must still
// land on it rather than where it was when the scroll began.
test("a section appearing above the contact section mid-scroll does not make the scroll land short", async ({ page }) => {
  await openPage(page, "/solar-inspections", "Thermal & Visual Analysis");
  const heading = page.getByRole("heading", { name: "Ready to Elevate Your Business?" });
  await page.getByRole("button", { name: "Free Consultation", exact: true }).click();
  await page.evaluate(async () => {
    const start = window.scrollY;
    while (window.scrollY === start) await new Promise(requestAnimationFrame);
    const late = document.createElement("section");
    late.style.height = "2000px";
    late.dataset.test = "late-section";
    document.getElementById("contact")?.before(late);
  });
  await waitForScrollToSettle(page);
  await expect(heading).toBeInViewport();
  // Landed on the section, under the sticky header, not 2000 px before it.
  const top = await page.locator("#contact").evaluate((contact) => contact.getBoundingClientRect().top);
  expect(top).toBeLessThan(200);
});
