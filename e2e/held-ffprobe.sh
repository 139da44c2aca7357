#!/bin/sh
# The browser tests' ffprobe (FFPROBE_PATH in e2e/serve.mjs): Debian's own, except that a video's
# poster task waits here while the run's hold file exists. e2e/video-posters.spec.ts holds it to open
# a page on a video whose poster is still coming, then lets the poster come while the page is open.
while [ -n "$E2E_POSTER_HOLD" ] && [ -e "$E2E_POSTER_HOLD" ]; do sleep 0.1; done
exec ffprobe "$@"
