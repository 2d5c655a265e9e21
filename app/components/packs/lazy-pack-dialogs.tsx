import { Suspense, lazy, useState } from "react";
import type { PackDialogsProps } from "./pack-dialogs";

const PackDialogs = lazy(() => import("./pack-dialogs"));

/**
 * The pack opening's dialogs (./pack-dialogs.tsx), loaded when the first opening is asked for: they,
 * the redeem form and its schemas stay off the first page load of the home page and the pack
 * page (docs/decisions/023-page-weight.md). Once loaded they stay mounted, so they close with
 * their animation.
 */
export function LazyPackDialogs(props: PackDialogsProps) {
  const [needed, setNeeded] = useState(false);
  if (
    !needed &&
    (props.confirmation !== null || props.opening !== null || props.realityCheck !== null)
  ) {
    setNeeded(true);
  }
  return needed ? (
    <Suspense fallback={null}>
      <PackDialogs {...props} />
    </Suspense>
  ) : null;
}
