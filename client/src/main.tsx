import "./index.css";

// A public page paints from its prerendered HTML alone: the app's code, most of the page's bytes, is
// fetched and run once that first paint is on screen, so it never stands between the HTML and the
// first paint, on a phone's slow link or a fast one (docs/decisions/0076-app-after-first-paint.md).
// Every other screen (noindex, as client/src/prerender/head.ts marks it) starts at once: its HTML
// preloads the app's chunk beside this one, and its prerendered frame, if any, is only a first state
// that the screen replaces. So does a hidden tab, which paints nothing.
function start() {
  void import("./start");
}

const publicPage = document.getElementById("root")?.firstElementChild && !document.querySelector('meta[name="robots"][content~="noindex"]');
if (publicPage && document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start));
else start();
