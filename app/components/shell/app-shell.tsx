import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { VerifyEmailNotice } from "~/components/account/verify-email-notice";
import { useLocation } from "react-router";
import { THEME_STORAGE_KEY, type Theme } from "~/lib/theme";
import { useHydrated } from "~/lib/use-hydrated";
import type { ShellUser } from "./account-links";
import { Footer } from "./footer";
import { Header } from "./header";
import { SIDEBAR_ITEMS } from "./nav-items";
import { SidebarContent } from "./sidebar";
import { writeSidebarOpen } from "./sidebar-cookie";

// Behind a tap (the drawer) or not needed to paint (the toasts' corner): loaded apart from the
// page's first JavaScript (docs/decisions/023-page-weight.md).
const Drawer = lazy(() => import("./drawer"));
const ShellToaster = lazy(() => import("./toaster"));

const MOBILE_QUERY = "(max-width: 767px)";

/** The theme is the <html> class (set before paint by themeBootScript); React subscribes to it. */
function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const currentTheme = (): Theme =>
  document.documentElement.classList.contains("light") ? "light" : "dark";
const serverTheme = (): Theme => "dark";

function applyTheme(theme: Theme) {
  const classes = document.documentElement.classList;
  classes.toggle("dark", theme === "dark");
  classes.toggle("light", theme === "light");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode); the theme still applies for this page.
  }
}

/** The cart and the account page show their own verify-email notice; the sign-in pages none. */
const hasOwnVerifyNotice = (pathname: string) =>
  ["/cart", "/account"].includes(pathname) || pathname.startsWith("/auth");

/**
 * The page frame: sidebar (16rem, 3rem collapsed; an 18rem drawer below 768 px), header,
 * footer and toasts (3 visible, 4 s; ./toaster.tsx). Ctrl/Cmd+B toggles the sidebar; its state is kept
 * in the `sidebar:state` cookie so the server renders it right on the next load.
 */
export function AppShell({
  user,
  sidebarOpen,
  year,
  children,
}: {
  user: ShellUser;
  sidebarOpen: boolean;
  year: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(sidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is mounted from its first opening on (so that it can animate closed), the
  // toasts' corner once hydrated.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const hydrated = useHydrated();
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, serverTheme);
  // Every navigation closes the drawer, also one to the page already shown (same pathname,
  // new location key), as when the drawer's Home is tapped on the home page.
  const { key: locationKey, pathname } = useLocation();
  const [drawerLocation, setDrawerLocation] = useState(locationKey);
  if (drawerLocation !== locationKey) {
    setDrawerLocation(locationKey);
    setDrawerOpen(false);
  }

  const toggleDrawer = useCallback(() => {
    setDrawerUsed(true);
    setDrawerOpen((o) => !o);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      toggleDrawer();
      return;
    }
    setOpen((o) => {
      writeSidebarOpen(!o);
      return !o;
    });
  }, [toggleDrawer]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleSidebar]);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="bg-accent text-accent-foreground sr-only z-50 rounded-md px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        data-state={open ? "expanded" : "collapsed"}
        className={`bg-surface sticky top-0 hidden h-dvh print:hidden shrink-0 border-r transition-[width] duration-200 md:block ${open ? "w-[16rem]" : "w-[3rem]"}`}
      >
        <SidebarContent
          items={SIDEBAR_ITEMS}
          collapsed={!open}
          theme={theme}
          onThemeChange={applyTheme}
          onToggle={toggleSidebar}
        />
      </aside>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <Drawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            toggleRef={menuToggleRef}
            user={user}
            theme={theme}
            onThemeChange={applyTheme}
          />
        </Suspense>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          user={user}
          menuToggleRef={menuToggleRef}
          drawerOpen={drawerOpen}
          onMenuToggle={toggleDrawer}
        />
        <main id="main" className="flex-1">
          {user && user.emailVerified === false && !hasOwnVerifyNotice(pathname) ? (
            // After sign-up: check the inbox, or send the link again.
            <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
              <VerifyEmailNotice
                email={user.email}
                purpose="add funds, open packs and buy"
                label="Please verify your address"
              />
            </div>
          ) : null}
          {children}
        </main>
        <Footer year={year} />
      </div>
      {hydrated ? (
        <Suspense fallback={null}>
          <ShellToaster theme={theme} />
        </Suspense>
      ) : null}
    </div>
  );
}
