// What each public page says until its owner publishes words of their own: SPEC's screens word for
// word (docs/product.md §2, §3), and where the copy says more than SPEC, only what the product does
// (docs/decisions/0061-site-pages.md): hot spots are found by their temperature difference and
// reviewed by the business, and a fault's power loss is given where the business records it.
// The home page's document and the service pages' cards are in ./site-page-default-home.ts, which the
// home page loads without the service pages' words.
import { DEFAULT_SERVICE_HEADS, paragraph } from "./site-page-default-home";
import { PAGE_SCHEMA_VERSION } from "./site-page-keys";
import type { ServiceDocument } from "./site-pages";

export { DEFAULT_HOME } from "./site-page-default-home";

const packagesSection = (intro: string, ctaLabel: string, title = "Service Packages") => ({ label: "Packages", title, intro: paragraph(intro), ctaLabel });

/** No questions yet: SPEC's pages have none, and a section with no items is not shown. */
const EMPTY_FAQ: ServiceDocument["faq"] = { label: "FAQ", title: "Frequently Asked Questions", intro: [], items: [] };

const SOLAR: ServiceDocument = {
  ...DEFAULT_SERVICE_HEADS["solar-inspections"],
  hero: {
    eyebrow: "// Solar Inspections",
    headline: "Thermal & Visual Analysis",
    intro: paragraph(
      "Drone-based thermal and visual inspection of solar arrays of every size. We find the faulty modules by their heat, review every one, and report each with its severity, its place in the array and, where we record it, the power it loses, so you know what to fix first.",
    ),
  },
  overview: {
    label: "Overview",
    title: "Inspection Capabilities",
    intro: paragraph("Aerial thermography finds underperforming modules across an entire plant in a single visit, without interrupting generation."),
    items: [
      {
        icon: "thermometer-sun",
        title: "Thermal Analysis",
        description: paragraph(
          "Radiometric thermal sensors measure the temperature of every module, exposing the faults that stay invisible to the eye and to string-level monitoring.",
        ),
        points: [],
      },
      {
        icon: "brain-circuit",
        title: "AI Reports",
        description: paragraph(
          "Hot spots are found by how much warmer they are than the modules around them, then reviewed by our team; each one is reported with its severity and its place in the array, and with the power it loses where we record it.",
        ),
        points: [],
      },
      {
        icon: "rocket",
        title: "Rapid Deployment",
        description: paragraph(
          "A compact flight crew and pre-planned missions put us on site quickly and cover in hours what a ground team covers in days, with no shutdown required.",
        ),
        points: [],
      },
    ],
  },
  protocol: {
    label: "Protocol",
    title: "Inspection Protocol",
    intro: paragraph("A repeatable four-step process that turns a single flight into findings your maintenance team can act on."),
    steps: [
      {
        icon: "map-pinned",
        title: "Initial Survey",
        description: paragraph(
          "We review your site layout, airspace and irradiance forecast, then plan an automated flight path that overlaps every row of the array.",
        ),
      },
      {
        icon: "scan-line",
        title: "Thermal Scanning",
        description: paragraph(
          "Under stable, high-irradiance conditions the drone flies the array with paired thermal and 4K visual cameras, geotagging every frame.",
        ),
      },
      {
        icon: "cpu",
        title: "Data Analysis",
        description: paragraph(
          "The imagery is stitched into a thermal map, hot spots are found by their temperature difference from the modules around them, and an experienced analyst reviews every one before it is reported.",
        ),
      },
      {
        icon: "file-text",
        title: "Report Delivery",
        description: paragraph("You receive a prioritised fault report with annotated images and module locations, ready for your O&M team or warranty claim."),
      },
    ],
  },
  applications: {
    label: "Detection",
    title: "Detectable Issues",
    intro: paragraph("Our thermal and visual sensors identify the defects that erode output and shorten module life."),
    items: [
      {
        icon: "flame",
        title: "Cell hotspots",
        description: paragraph("Overheating cells that cut output and, left unchecked, can damage the backsheet and create a fire risk."),
        points: [],
      },
      {
        icon: "grid-3x3",
        title: "Cracked cells",
        description: paragraph("Micro-cracks from handling, hail or thermal stress that isolate parts of a cell and grow worse every season."),
        points: [],
      },
      {
        icon: "zap",
        title: "Junction box failures",
        description: paragraph("Failing connections and overheating junction boxes, among the most common causes of lost strings and electrical faults."),
        points: [],
      },
      {
        icon: "activity",
        title: "Diode failures",
        description: paragraph("Short-circuited or open bypass diodes, which show as the distinctive heat pattern of a disabled cell substring."),
        points: [],
      },
      {
        icon: "gauge",
        title: "PID (potential induced degradation)",
        description: paragraph("Voltage-driven leakage that degrades whole strings over time, recognisable by its characteristic thermal gradient."),
        points: [],
      },
      {
        icon: "cloud-sun",
        title: "Shading and contamination",
        description: paragraph("Vegetation, soiling, bird droppings and debris that shade modules and quietly drain the yield of the entire string."),
        points: [],
      },
    ],
  },
  equipment: null,
  packages: {
    ...packagesSection("Every package is scoped to your site. Tell us about your installation and we will send a tailored proposal.", "Request Service"),
    items: [
      {
        name: "Basic Inspection",
        scope: "Single site, one-off survey",
        summary: paragraph("A complete thermal and visual sweep of your array that locates every anomaly, ideal for commissioning or an annual health check."),
        features: [
          "Full-site radiometric thermal flight",
          "4K visual imagery of every flagged module",
          "Geotagged anomaly map of the array",
          "Summary report of findings",
        ],
        price: null,
        recommended: false,
      },
      {
        name: "Standard Operations",
        scope: "Operating plants and portfolios",
        summary: paragraph(
          "Everything in the Basic Inspection, with every hot spot reviewed and ranked by an analyst, and the analysis your O&M team needs to plan repairs.",
        ),
        features: [
          "Everything in Basic Inspection",
          "Hot spots found by temperature difference, each reviewed and ranked by severity",
          "Module-level defect log by row, string and position",
          "Power loss per fault where we measure it",
          "Results review call with an analyst",
        ],
        price: null,
        recommended: true,
      },
      {
        name: "Premium Operations",
        scope: "Utility-scale and multi-site assets",
        summary: paragraph("A recurring inspection programme that tracks the health of your assets over time and feeds your asset-management systems."),
        features: [
          "Everything in Standard Operations",
          "Scheduled recurring inspections through the year",
          "Year-over-year degradation tracking",
          "Orthomosaic and thermal map layers for your GIS",
          "Priority scheduling and a dedicated project engineer",
        ],
        price: null,
        recommended: false,
      },
    ],
  },
  faq: EMPTY_FAQ,
  gallery: null,
};

const AGRICULTURE: ServiceDocument = {
  ...DEFAULT_SERVICE_HEADS["agricultural-services"],
  hero: {
    eyebrow: "// Agricultural Services",
    headline: "Precision Agriculture",
    intro: paragraph(
      "Multispectral drone imaging that turns your fields into crop health maps, irrigation analysis and yield estimates, so every input goes where it pays back.",
    ),
  },
  overview: {
    label: "Overview",
    title: "Crop Intelligence from the Air",
    intro: paragraph("See what the eye cannot: near-infrared sensors measure plant vigour across the whole field, not just the rows you walk."),
    items: [
      {
        icon: "sprout",
        title: "Crop Health Analysis",
        description: paragraph(
          "Multispectral imagery reveals plant stress, disease and nutrient deficiency days before it shows in the field, so you can act while it is still cheap to fix.",
        ),
        points: [],
      },
      {
        icon: "layers",
        title: "NDVI Mapping",
        description: paragraph(
          "Calibrated NDVI and NDRE maps grade vigour across every acre, turning a field into clear management zones for scouting and variable-rate application.",
        ),
        points: [],
      },
      {
        icon: "droplets",
        title: "Irrigation Analysis",
        description: paragraph(
          "Thermal and multispectral data expose dry spots, over-watering, leaks and blocked emitters, helping you put water exactly where the crop needs it.",
        ),
        points: [],
      },
      {
        icon: "chart-column",
        title: "Yield Estimation",
        description: paragraph(
          "Canopy and plant-count models forecast yield by zone ahead of harvest, supporting marketing, logistics and labour decisions with real data.",
        ),
        points: [],
      },
    ],
  },
  protocol: {
    label: "Protocol",
    title: "Monitoring Protocol",
    intro: paragraph("A consistent four-step process makes every flight comparable with the last, so trends are real and not artefacts of the data."),
    steps: [
      {
        icon: "map",
        title: "Field Mapping",
        description: paragraph(
          "We map your field boundaries, obstacles and airspace, then plan automated grid flights sized for the resolution your crop and question require.",
        ),
      },
      {
        icon: "plane",
        title: "Data Collection",
        description: paragraph(
          "Our drones fly RGB and near-infrared sensors at a consistent altitude and time of day, with radiometric calibration for comparable results across visits.",
        ),
      },
      {
        icon: "cpu",
        title: "Analysis & Processing",
        description: paragraph(
          "Imagery is stitched into georeferenced orthomosaics and processed into vegetation indices, stress zones and plant-level metrics.",
        ),
      },
      {
        icon: "clipboard-list",
        title: "Actionable Reports",
        description: paragraph(
          "You receive clear maps, zone recommendations and prescription files that load straight into your equipment or farm management software.",
        ),
      },
    ],
  },
  applications: {
    label: "Applications",
    title: "Application Areas",
    intro: paragraph("From broad-acre row crops to research plots, our flight plans and analysis adapt to the crop and the question you need answered."),
    items: [
      {
        icon: "wheat",
        title: "Row crops",
        description: paragraph("Corn, soybeans, wheat and cotton: stand counts, nitrogen management and in-season stress detection."),
        points: [],
      },
      {
        icon: "grape",
        title: "Orchards and vineyards",
        description: paragraph("Tree and vine vigour mapping, canopy analysis and targeted irrigation for permanent crops."),
        points: [],
      },
      {
        icon: "leaf",
        title: "Specialty crops",
        description: paragraph("High-value vegetables, berries and nursery stock, where early detection protects the greatest margin."),
        points: [],
      },
      {
        icon: "trees",
        title: "Rangeland",
        description: paragraph("Forage assessment, grazing planning and water-point monitoring across large, remote acreage."),
        points: [],
      },
      {
        icon: "flask-conical",
        title: "Research plots",
        description: paragraph("Repeatable, plot-level phenotyping data for trials, breeding programmes and agronomic research."),
        points: [],
      },
      {
        icon: "tractor",
        title: "Organic operations",
        description: paragraph("Early pest and disease scouting that supports organic practices and helps limit reactive interventions."),
        points: [],
      },
    ],
  },
  equipment: null,
  packages: {
    ...packagesSection(
      "Every package is scoped to your acreage and crop. Tell us about your operation and we will send a tailored proposal.",
      "Request Service",
    ),
    items: [
      {
        name: "Basic Analysis",
        scope: "Single field, one flight",
        summary: paragraph("A snapshot of crop health across a field, ideal for diagnosing a problem area or trying aerial analysis for the first time."),
        features: ["One multispectral flight (RGB + NIR)", "NDVI crop health map", "Stress zones located by GPS for scouting", "Digital summary report"],
        price: null,
        recommended: false,
      },
      {
        name: "Precision Operations",
        scope: "Whole farm, in-season",
        summary: paragraph("Repeated flights through the growing season that track crop development and guide input and irrigation decisions."),
        features: [
          "Everything in Basic Analysis",
          "Scheduled flights at key growth stages",
          "NDVI and NDRE maps with change detection",
          "Irrigation and water-stress analysis",
          "Variable-rate prescription files",
        ],
        price: null,
        recommended: true,
      },
      {
        name: "Premium Operations",
        scope: "Large and multi-site operations",
        summary: paragraph("A season-long monitoring programme with yield forecasting and direct support from our agronomy analysts."),
        features: [
          "Everything in Precision Operations",
          "Yield estimation ahead of harvest",
          "Season-over-season performance comparison",
          "Data export to your farm management platform",
          "Priority scheduling and a dedicated analyst",
        ],
        price: null,
        recommended: false,
      },
    ],
  },
  faq: EMPTY_FAQ,
  gallery: null,
};

const PHOTOGRAPHY: ServiceDocument = {
  ...DEFAULT_SERVICE_HEADS["photography-filming"],
  hero: {
    eyebrow: "// Photography & Filming",
    headline: "Professional Media Production",
    intro: paragraph(
      "Cinema-grade aerial photography and filming with 8K video and 48MP stills, for real estate, events and commercial projects, flown by certified pilots and delivered edit-ready.",
    ),
  },
  overview: {
    label: "Overview",
    title: "Aerial Media, Done Properly",
    intro: paragraph("Professional equipment, certified pilots and an experienced post-production team behind every frame."),
    items: [
      {
        icon: "video",
        title: "8K Capture Systems",
        description: paragraph(
          "Large-sensor cameras record 8K video and 48MP stills, giving editors room to crop, reframe and stabilise without losing detail.",
        ),
        points: [],
      },
      {
        icon: "clapperboard",
        title: "Cinematic Precision",
        description: paragraph(
          "Pre-visualised flight paths and repeatable waypoint moves deliver smooth reveals, orbits and tracking shots that look like they came from a film crew.",
        ),
        points: [],
      },
      {
        icon: "badge-check",
        title: "FAA Certified",
        description: paragraph(
          "Every mission is flown by FAA Part 107 certified, fully insured pilots who handle airspace authorisations and site safety for you.",
        ),
        points: [],
      },
      {
        icon: "sparkles",
        title: "AI Processing",
        description: paragraph("AI-assisted culling, colour matching and enhancement speed up post-production, so polished results reach you sooner."),
        points: [],
      },
    ],
  },
  protocol: { label: "Protocol", title: "Production Protocol", intro: [], steps: [] },
  applications: {
    label: "Applications",
    title: "Application Areas",
    intro: paragraph("We plan each shoot around its audience, whether that is a buyer, a guest or a customer."),
    items: [
      {
        icon: "house",
        title: "Real Estate",
        description: paragraph("Show a property, its grounds and its neighbourhood from the angle that sells it, in listings that stand out."),
        points: ["Listing photography and twilight shots", "Property and neighbourhood flyovers", "Land, acreage and development sites"],
      },
      {
        icon: "party-popper",
        title: "Events & Celebrations",
        description: paragraph("Capture the scale and energy of your day from above, discreetly and safely, without getting in the guests' way."),
        points: ["Weddings and private celebrations", "Festivals, concerts and sports", "Corporate and community events"],
      },
      {
        icon: "building-2",
        title: "Commercial Projects",
        description: paragraph("Aerial content for brands, builders and facility owners that documents progress and tells your story."),
        points: ["Construction progress documentation", "Brand films and advertising", "Facility and infrastructure showcases"],
      },
    ],
  },
  equipment: {
    label: "Equipment",
    title: "Flight & Camera Systems",
    intro: paragraph("The same cinema-class platform on every job, from a single listing to a full commercial production."),
    panelTitle: "Cinema Flight Kit",
    text: paragraph(
      "Every production flies a professional cinema platform with redundant batteries and a spare airframe on site, so the shot happens when the light is right.",
    ),
    specs: [
      { label: "Video", value: "8K capture, 4K ProRes delivery" },
      { label: "Stills", value: "48MP RAW and JPEG" },
      { label: "Stabilisation", value: "3-axis gimbal" },
      { label: "Transmission range", value: "10 km line of sight" },
      { label: "Colour", value: "10-bit log profile for grading" },
      { label: "Safety", value: "Omnidirectional obstacle sensing" },
    ],
    ctaLabel: "Get a Quote",
  },
  packages: {
    ...packagesSection(
      "Choose a starting point and we will tailor the shot list, schedule and deliverables to your project.",
      "Get Quote",
      "Production Packages",
    ),
    items: [
      {
        name: "Basic Package",
        scope: "Listings and small projects",
        summary: paragraph("A focused aerial session that captures the essential views of a single property or location."),
        features: ["1-hour session", "10-15 images", "1-2 minute video"],
        price: null,
        recommended: false,
      },
      {
        name: "Professional Package",
        scope: "Marketing campaigns and events",
        summary: paragraph("Extended coverage with a longer edit, cut and formatted for your website and social channels."),
        features: ["3-hour session", "25-30 images", "3-5 minute video", "Social media optimisation"],
        price: null,
        recommended: true,
      },
      {
        name: "Premium Production",
        scope: "Full-day commercial productions",
        summary: paragraph("A full production day with a story-driven edit, licensed soundtrack and optional professional narration."),
        features: ["Up to 8 hours", "50+ images", "Custom video", "Licensed music and voiceover options"],
        price: null,
        recommended: false,
      },
    ],
  },
  faq: EMPTY_FAQ,
  gallery: {
    label: "Gallery",
    title: "See Our Work",
    intro: paragraph("The best way to judge aerial footage is to watch it."),
    text: paragraph("Browse stills and films from recent real estate, event and commercial missions, published with our clients' permission."),
    linkLabel: "View our gallery",
  },
};

/** SPEC's service pages as a fresh install shows them, by key. */
export const DEFAULT_SERVICE_PAGES: Readonly<Record<string, ServiceDocument>> = {
  "solar-inspections": SOLAR,
  "agricultural-services": AGRICULTURE,
  "photography-filming": PHOTOGRAPHY,
};

/**
 * The first draft of a service page the business adds: valid, with its name where a name must be
 * and every section empty, so nothing shows but the hero until the owner writes it.
 */
export function newServicePageTemplate(navLabel: string): ServiceDocument {
  return {
    schemaVersion: PAGE_SCHEMA_VERSION,
    navLabel,
    hidden: false,
    card: { title: navLabel, subtitle: "", description: [], specs: [] },
    hero: { eyebrow: `// ${navLabel}`, headline: navLabel, intro: [] },
    overview: { label: "Overview", title: "What We Offer", intro: [], items: [] },
    protocol: { label: "Protocol", title: "How We Work", intro: [], steps: [] },
    applications: { label: "Applications", title: "Application Areas", intro: [], items: [] },
    equipment: null,
    packages: { label: "Packages", title: "Service Packages", intro: [], ctaLabel: "Request Service", items: [] },
    faq: EMPTY_FAQ,
    gallery: null,
  };
}
