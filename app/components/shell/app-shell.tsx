import { Dialog } from "radix-ui";
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Toaster } from "sonner";
import { THEME_STORAGE_KEY, type Theme } from "~/lib/theme";
import { DrawerAccountLinks, type ShellUser } from "./account-links";
import { Footer } from "./footer";
import { Header } from "./header";
import { DRAWER_ITEMS, SIDEBAR_ITEMS } from "./nav-items";
import { SidebarContent } from "./sidebar";
import { writeSidebarOpen } from "./sidebar-cookie";

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

/**
 * The page frame: sidebar (16rem, 3rem collapsed; an 18rem drawer below 768 px), header,
 * footer and toasts (3 visible, 4 s). Ctrl/Cmd+B toggles the sidebar; its state is kept
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
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, serverTheme);
  // Every navigation closes the drawer, also one to the page already shown (same pathname,
  // new location key), as when the drawer's Home is tapped on the home page.
  const { key: locationKey } = useLocation();
  const [drawerLocation, setDrawerLocation] = useState(locationKey);
  if (drawerLocation !== locationKey) {
    setDrawerLocation(locationKey);
    setDrawerOpen(false);
  }

  const toggleSidebar = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setDrawerOpen((o) => !o);
      return;
    }
    setOpen((o) => {
      writeSidebarOpen(!o);
      return !o;
    });
  }, []);

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
        className={`bg-surface sticky top-0 hidden h-dvh shrink-0 border-r transition-[width] duration-200 md:block ${open ? "w-[16rem]" : "w-[3rem]"}`}
      >
        <SidebarContent
          items={SIDEBAR_ITEMS}
          collapsed={!open}
          theme={theme}
          onThemeChange={applyTheme}
          onToggle={toggleSidebar}
        />
      </aside>
      {/* The Root spans the header so that the header's menu button is the Dialog.Trigger:
          Radix then gives it aria-expanded and returns focus to it when the drawer closes. */}
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="bg-surface fixed inset-y-0 left-0 z-50 w-[18rem] max-w-[85vw] border-r shadow-xl md:hidden"
          >
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <SidebarContent
              items={DRAWER_ITEMS}
              collapsed={false}
              theme={theme}
              onThemeChange={applyTheme}
              extraItems={<DrawerAccountLinks user={user} />}
            />
          </Dialog.Content>
        </Dialog.Portal>
        <div className="flex min-w-0 flex-1 flex-col">
          <Header user={user} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer year={year} />
        </div>
      </Dialog.Root>
      {/* Top right, under the header: dialogs keep their buttons and forms their fields at the
          bottom, where sonner's default corner covered them. */}
      <Toaster
        position="top-right"
        offset={{ top: 72, right: 16 }}
        mobileOffset={{ top: 64 }}
        visibleToasts={3}
        duration={4000}
        theme={theme}
        closeButton
        richColors
      />
    </div>
  );
}
