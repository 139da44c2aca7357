import { StrictMode } from "react";
import { Router } from "wouter";
import { AppRouter } from "./router";

/** The whole client. `ssrPath` is the address when prerendering, where there is no window.location. */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <AppRouter />
      </Router>
    </StrictMode>
  );
}
