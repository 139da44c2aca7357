import "./index.css";

// A prerendered page (a public page, or a portal screen's first state) paints from its HTML alone:
// the app's code, most of the page's bytes, is fetched and run once that first paint is on screen,
// so it never stands between the HTML and the first paint, on a phone's slow link or a fast one
// (docs/decisions/0076-app-after-first-paint.md). A page that renders in the browser starts at once
// (its HTML preloads the app's chunk beside this one); so does a hidden tab, which paints nothing.
function start() {
  void import("./start");
}

const prerendered = document.getElementById("root")?.firstElementChild;
if (prerendered && document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start));
else start();
