import { Toaster } from "sonner";
import type { Theme } from "~/lib/theme";

/**
 * The toasts' corner: top right, under the header (dialogs keep their buttons and forms their
 * fields at the bottom, where sonner's default corner covered them); 3 visible, 4 s each.
 * Loaded after hydration, off the first page load (docs/decisions/023-page-weight.md).
 */
export default function ShellToaster({ theme }: { theme: Theme }) {
  return (
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
  );
}
