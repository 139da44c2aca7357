import exifr from "exifr";
import { zonedToIso } from "@common/wall-clock";

/** What a photo says of the flight that took it: when, where, how high above the take-off point, and which camera. */
export interface PhotoFacts {
  /** The instant the photo was taken, ISO, or null when its EXIF has no time. */
  takenAt: string | null;
  lat: number | null;
  lon: number | null;
  /** Height above the take-off point in metres (DJI's XMP drone-dji:RelativeAltitude), or null. */
  heightMetres: number | null;
  /** The camera's or the aircraft's serial, as the photo carries it. */
  serial: string | null;
}

/**
 * How much of a photo's start to read: a JPEG's EXIF (with its thumbnail) and DJI's XMP come before
 * the image data, within the first tens of kilobytes; the preview DJI adds lies after the image.
 */
export const PHOTO_HEAD_BYTES = 128 * 1024;

/** "2031:03:04 12:00:00" → "2031-03-04T12:00:00", or null for anything else. */
function wallClockOf(exifTime: unknown): string | null {
  if (typeof exifTime !== "string") return null;
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(exifTime.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}` : null;
}

/** "-06:00" → "-06:00"; anything else null. */
const offsetOf = (value: unknown): string | null => (typeof value === "string" && /^[+-]\d{2}:\d{2}$/.test(value.trim()) ? value.trim() : null);

/**
 * The instant of a time taken: with the offset the camera wrote beside it (EXIF 2.31's
 * OffsetTimeOriginal), else read as the wall clock of `timeZone` (the job's site), where drones
 * that write no offset keep their clock.
 */
function instantOf(wallClock: string, offset: string | null, timeZone: string): string | null {
  const instant = offset ? new Date(`${wallClock}${offset}`).toISOString() : zonedToIso(wallClock, timeZone);
  return instant === "" ? null : instant;
}

const finite = (value: unknown): number | null => {
  const number = typeof value === "string" ? Number(value.trim()) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
};

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * The facts of a photo from the first PHOTO_HEAD_BYTES of its file, or null when those bytes are not
 * an image exifr reads (a video, a PDF). Only the segments the facts live in are parsed.
 */
export async function readPhotoFacts(head: Buffer, timeZone: string): Promise<PhotoFacts | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = (await exifr.parse(head, {
      tiff: true,
      exif: true,
      gps: true,
      xmp: true,
      ifd1: false,
      interop: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      makerNote: false,
      userComment: false,
      reviveValues: false,
      translateValues: false,
    })) as Record<string, unknown> | undefined;
  } catch {
    return null;
  }
  if (!tags) return { takenAt: null, lat: null, lon: null, heightMetres: null, serial: null };
  const wallClock = wallClockOf(tags.DateTimeOriginal ?? tags.CreateDate ?? tags.DateTime);
  const lat = finite(tags.latitude);
  const lon = finite(tags.longitude);
  const placed = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
  return {
    takenAt: wallClock ? instantOf(wallClock, offsetOf(tags.OffsetTimeOriginal ?? tags.OffsetTime), timeZone) : null,
    lat: placed ? lat : null,
    lon: placed ? lon : null,
    heightMetres: finite(tags.RelativeAltitude),
    serial: text(tags.SerialNumber) ?? text(tags.BodySerialNumber) ?? text(tags.CameraSerialNumber) ?? text(tags.DroneSerialNumber),
  };
}
