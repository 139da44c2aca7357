// The social card image (Open Graph, Twitter): link previews do not show SVG, so the hero
// illustration is drawn onto a 1200×630 PNG in the site's dark background at build time.
import sharp from "sharp";

const WIDTH = 1200;
const HEIGHT = 630;
const BACKGROUND = "#05070d"; // the dark theme's background, as index.html's theme-color

export async function writeOgImage(svgFile, outFile) {
  const art = await sharp(svgFile, { density: 192 })
    .resize({ width: WIDTH - 120, height: HEIGHT - 60, fit: "inside" })
    .png()
    .toBuffer();
  await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 4, background: BACKGROUND } })
    .composite([{ input: art, gravity: "center" }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(outFile);
}
