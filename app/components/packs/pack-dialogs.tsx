import { RealityCheckDialog, type RealityCheckJson } from "~/components/play/reality-check-dialog";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { PackOpeningDialog } from "./pack-opening-dialog";
import type { PackOpening } from "./use-pack-opening";

export type PackDialogsProps = {
  opening: PackOpening | null;
  onClose: () => void;
  /** The redeem form's prefill (the user's saved address). */
  defaultAddress: RedeemAddress | null;
  realityCheck: RealityCheckJson | null;
  onRealityCheckDone: () => void;
};

/** The dialogs of a pack opening (`usePackOpening`): the opening itself, then a due reality check. */
export default function PackDialogs(props: PackDialogsProps) {
  return (
    <>
      <PackOpeningDialog
        opening={props.opening}
        onClose={props.onClose}
        defaultAddress={props.defaultAddress}
      />
      <RealityCheckDialog check={props.realityCheck} onDone={props.onRealityCheckDone} />
    </>
  );
}
