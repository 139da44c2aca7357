import { useSyncExternalStore } from "react";
import { DEFAULT_THEME, type Theme, THEME_STORAGE_KEY } from "@common/theme";

// The class on <html> is the one source of truth: the boot script in <head> sets it from storage
// before the first paint, toggleTheme changes it. Prerendered pages are built in the default theme,
// so hydration reads DEFAULT_THEME (the server snapshot) and React then re-renders with the real one.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function serverTheme(): Theme {
  return DEFAULT_THEME;
}

function toggleTheme(): void {
  const next: Theme = currentTheme() === "dark" ? "light" : "dark";
  const root = document.documentElement;
  root.classList.toggle("dark", next === "dark");
  root.style.colorScheme = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage can be blocked (private modes); the theme still applies for this visit.
  }
  for (const listener of listeners) listener();
}

/** Dark by default; the stored choice once the page is interactive. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, serverTheme);
  return { theme, toggleTheme };
}
