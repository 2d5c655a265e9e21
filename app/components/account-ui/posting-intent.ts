import { useNavigation } from "react-router";

/**
 * Whether a form carrying this `intent` is being posted (submitting, not yet loading the
 * answer), so that form alone shows its working label and disables its button.
 */
export function usePostingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
