/** The theme preference lives in localStorage under this key. */
export const THEME_STORAGE_KEY = "theme";
export type Theme = "light" | "dark";

/**
 * Runs inline in <head> before first paint: applies the stored theme (dark by default) so a
 * reload never flashes the wrong one. Kept tiny and dependency-free on purpose.
 */
export const themeBootScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});var l=t==="light";var c=document.documentElement.classList;c.toggle("dark",!l);c.toggle("light",l);}catch(e){}})();`;
