import { useFormAction, useNavigation } from "react-router";

/**
 * Conform's control props without `key`: React refuses a `key` inside a spread, so the caller
 * passes it on its own (`<Input key={field.key} {...spreadable(getInputProps(field, ...))} />`).
 */
export function spreadable<T extends { key?: unknown }>({
  key: _key,
  ...props
}: T): Omit<T, "key"> {
  return props;
}

/** Whether a form posting to this route's action is on its way (to show 'Sending...'). */
export function useSubmittingHere(): boolean {
  const navigation = useNavigation();
  const action = useFormAction();
  return navigation.state === "submitting" && navigation.formAction === action;
}
