import { RealityCheckDialog, type RealityCheckJson } from "~/components/play/reality-check-dialog";
import type { RedeemAddress } from "~/components/vault/redeem-dialog";
import { PackConfirmDialog, type PackConfirmation } from "./pack-confirm-dialog";
import { PackOpeningDialog } from "./pack-opening-dialog";
import type { PackOpening } from "./use-pack-opening";

export type PackDialogsProps = {
  /** The question before the opening (null while none is asked). */
  confirmation: PackConfirmation | null;
  onConfirm: () => void;
  onCancelConfirmation: () => void;
  opening: PackOpening | null;
  onClose: () => void;
  /** The redeem form's prefill (the user's saved address). */
  defaultAddress: RedeemAddress | null;
  realityCheck: RealityCheckJson | null;
  onRealityCheckDone: () => void;
};

/**
 * The dialogs of a pack opening (`usePackOpening`): the confirmation, the opening itself, then
 * a due reality check.
 */
export default function PackDialogs(props: PackDialogsProps) {
  return (
    <>
      <PackConfirmDialog
        confirmation={props.confirmation}
        onConfirm={props.onConfirm}
        onCancel={props.onCancelConfirmation}
      />
      <PackOpeningDialog
        opening={props.opening}
        onClose={props.onClose}
        defaultAddress={props.defaultAddress}
      />
      <RealityCheckDialog check={props.realityCheck} onDone={props.onRealityCheckDone} />
    </>
  );
}
