/** Debian's Chromium: CHROMIUM_PATH, else /usr/bin/chromium. */
export const CHROMIUM_PATH: string;
/** The flags every launch of it takes. */
export const CHROMIUM_ARGS: string[];
/** Playwright's launch options for it. */
export const chromiumLaunch: { executablePath: string; args: string[] };
