import type { Config } from "../../config";
import { runTool, ToolFailed } from "./run-tool";

/** The poster's width at most: the media grid's and the lightbox's width on a large screen; never wider than the video. */
const POSTER_MAX_WIDTH = 960;
const MAX_PROBE_BYTES = 1024 * 1024;
const MAX_POSTER_BYTES = 10 * 1024 * 1024;

type Tools = Config["video"];

interface ProbeAnswer {
  streams?: { codec_type?: string }[];
  format?: { duration?: string };
}

/** The video's length in seconds (null when the container does not say), or ToolFailed when ffprobe finds no video in it. */
export async function probeDuration(tools: Tools, input: string, signal?: AbortSignal): Promise<number | null> {
  const output = await runTool(tools.ffprobePath, ["-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", input], {
    maxOutputBytes: MAX_PROBE_BYTES,
    limits: tools.limits,
    signal,
  });
  const answer = JSON.parse(output.toString("utf8")) as ProbeAnswer;
  if (!answer.streams?.some((stream) => stream.codec_type === "video")) throw new ToolFailed("ffprobe found no video stream");
  const duration = Number(answer.format?.duration);
  return Number.isFinite(duration) && duration > 0 ? duration : null;
}

/**
 * Where the poster is taken: 1 s in, past a fade from black, or a tenth of the way into a clip
 * shorter than 10 s; the first frame when the length is unknown.
 */
export const posterTime = (duration: number | null): number => (duration === null ? 0 : Math.min(1, duration / 10));

/** One frame at `seconds` as a JPEG, at most POSTER_MAX_WIDTH wide; ToolFailed when ffmpeg cannot decode one. */
export async function grabFrame(tools: Tools, input: string, seconds: number, signal?: AbortSignal): Promise<Buffer> {
  const frameAt = (at: number) =>
    runTool(
      tools.ffmpegPath,
      // Seeking before -i jumps to the nearest keyframe by the index instead of decoding from the start.
      [
        "-v",
        "error",
        "-nostdin",
        "-ss",
        at.toFixed(3),
        "-i",
        input,
        "-frames:v",
        "1",
        "-vf",
        `scale='min(${POSTER_MAX_WIDTH},iw)':-2`,
        "-f",
        "image2pipe",
        "-c:v",
        "mjpeg",
        "-q:v",
        "4",
        "pipe:1",
      ],
      { maxOutputBytes: MAX_POSTER_BYTES, limits: tools.limits, signal },
    );
  // A seek past the last frame gives no frame and no error; the first frame is then the poster.
  const frame = await frameAt(seconds);
  const poster = frame.length === 0 && seconds > 0 ? await frameAt(0) : frame;
  if (poster.length === 0) throw new ToolFailed("ffmpeg decoded no frame");
  return poster;
}
