import { useFormAction, useNavigation } from "react-router";

/**
 * Conform's control props without `key` (the form kit's `withoutKey`, under the name these
 * routes used): React refuses a `key` inside a spread, so the caller passes it on its own.
 */
export { withoutKey as spreadable } from "~/components/ui/form-controls";

/** Whether a form posting to this route's action is on its way (to show 'Sending...'). */
export function useSubmittingHere(): boolean {
  const navigation = useNavigation();
  const action = useFormAction();
  return navigation.state === "submitting" && navigation.formAction === action;
}
