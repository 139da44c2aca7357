// The pictures the owner uploads for the public pages (docs/decisions/0065-page-images.md): the rules
// the server checks an upload against, and the addresses and sizes the pages render from a document's
// picture alone, with no database read at render.
import { IMAGE_WIDTHS } from "./uploads";

/** The largest upload taken: a phone's full-size photo fits with room to spare. */
export const SITE_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Narrower than this, a picture would show blurred in a hero half a wide screen across. */
export const SITE_IMAGE_MIN_WIDTH = 320;
/** More pixels than a 50-megapixel camera's: the decoder's memory stays bounded. */
export const SITE_IMAGE_MAX_PIXELS = 50_000_000;

/** The Open Graph card's size: what link previews show without cropping. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** A picture's public token: 128 random bits in hex, so a draft's pictures cannot be listed by guessing. */
export const SITE_IMAGE_TOKEN = /^[0-9a-f]{32}$/;

export const siteImageMessages = {
  noFile: "Choose a JPEG, PNG or WebP picture",
  notImage: "The picture must be a JPEG, PNG or WebP image: this file is not one, whatever its name says",
  unreadable: "The picture could not be read to its end: the file is damaged or cut short",
  tooLarge: `The picture is at most ${SITE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  tooNarrow: (width: number) => `The picture is ${width} px wide: it must be at least ${SITE_IMAGE_MIN_WIDTH} px wide to look sharp`,
  tooManyPixels: (width: number, height: number) => `The picture is ${width} × ${height} px: at most ${SITE_IMAGE_MAX_PIXELS / 1_000_000} megapixels are taken`,
  notFound: "There is no such picture: it may have been deleted",
  inUse: (pages: string[]) => `The picture is used on ${pages.join(", ")}: remove it from ${pages.length === 1 ? "that page" : "those pages"} first`,
  gone: "This picture has been deleted: choose another or remove it",
} as const;

/**
 * The widths of a picture's WebP copies: those of IMAGE_WIDTHS narrower than the picture, and the
 * picture's own width up to the widest, so a copy is never wider than the original.
 */
export function siteImageWidths(width: number): number[] {
  const widest = Math.min(width, IMAGE_WIDTHS.at(-1)!);
  return [...IMAGE_WIDTHS.filter((candidate) => candidate < widest), widest];
}

const BASE = "/api/site/images";
export const siteImageUrls = {
  webp: (token: string, width: number) => `${BASE}/${token}-${width}.webp`,
  /** The one JPEG, at the widest copy's width: for a browser without srcset or WebP. */
  jpeg: (token: string) => `${BASE}/${token}.jpg`,
  /** The 1200 × 630 crop link previews show. */
  og: (token: string) => `${BASE}/${token}-og.jpg`,
};

/** What an <img> of the picture carries: the fallback, the WebP copies' srcset, and its size as shown at the widest copy. */
export function siteImageAttributes(image: { token: string; width: number; height: number }) {
  const widths = siteImageWidths(image.width);
  const widest = widths.at(-1)!;
  return {
    src: siteImageUrls.jpeg(image.token),
    srcSet: widths.map((width) => `${siteImageUrls.webp(image.token, width)} ${width}w`).join(", "),
    width: widest,
    height: Math.round((image.height * widest) / image.width),
  };
}
