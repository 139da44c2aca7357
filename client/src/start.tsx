import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadScreen } from "./app/router";

// The app itself, loaded by the entry (client/src/main.tsx) once the page has painted.
const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");

// Public pages arrive prerendered (docs/decisions/0012-prerendered-pages.md), and so do the account
// and back-office screens as their first state (the site's frame around "Checking your session…"):
// React adopts their HTML. As a transition, that work yields to the browser every few milliseconds
// instead of blocking input in one long task. Other screens start empty and render once their
// page's chunk is here (its HTML preloads it), showing the page at once rather than "Loading…"
// first.
// Either way the page's chunk, and what its module prepares for the address (a job's map code, say),
// start loading now, beside the first render rather than after it.
const preloaded = preloadScreen(window.location.pathname);
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, <App />));
else void preloaded.then(() => createRoot(root).render(<App />));
