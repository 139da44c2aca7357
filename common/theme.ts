export const THEME_STORAGE_KEY = "theme";
export type Theme = "dark" | "light";
export const DEFAULT_THEME: Theme = "dark";

/**
 * Runs in <head> before the first paint so the stored theme applies without a flash.
 * The server allows exactly this script by its hash in the Content-Security-Policy.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}var d=document.documentElement;if(t!=="light")t="${DEFAULT_THEME}";d.classList.toggle("dark",t==="dark");d.style.colorScheme=t})();`;
