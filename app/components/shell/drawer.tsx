import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import type { Theme } from "~/lib/theme";
import { DrawerAccountLinks, type ShellUser } from "./account-links";
import { DRAWER_ITEMS } from "./nav-items";
import { SidebarContent } from "./sidebar";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button: focus goes back to it when the drawer closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  user: ShellUser;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
};

/**
 * The navigation drawer below 768 px (18rem, at most 85vw): a modal Radix dialog named
 * 'Navigation' with the drawer's entries, the account links, the sell button and the theme
 * toggle. Loaded on the first tap of the menu button, off the first page load
 * (docs/decisions/023-page-weight.md).
 */
export default function Drawer({
  open,
  onOpenChange,
  toggleRef,
  user,
  theme,
  onThemeChange,
}: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            toggleRef.current?.focus();
          }}
          className="bg-surface fixed inset-y-0 left-0 z-50 w-[18rem] max-w-[85vw] border-r shadow-xl md:hidden"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <SidebarContent
            items={DRAWER_ITEMS}
            collapsed={false}
            theme={theme}
            onThemeChange={onThemeChange}
            extraItems={<DrawerAccountLinks user={user} />}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
