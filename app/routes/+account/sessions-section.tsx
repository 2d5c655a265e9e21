import { LogOut, Monitor, Smartphone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { describeDevice, isMobileDevice } from "./device";
import { Section, StatusBadge } from "./section";
import type { ActiveSession, SignOutScope } from "~/.server/account/sessions";
import { Button } from "~/components/ui/button";
import { formatRelativeTime } from "~/lib/time";

/** Whether the button-only form with these fields is on its way. */
function useSubmittingFields(fields: Record<string, string>): boolean {
  const navigation = useNavigation();
  const formData = navigation.state === "submitting" ? navigation.formData : undefined;
  return Boolean(formData && Object.entries(fields).every(([k, v]) => formData.get(k) === v));
}

/** A form that is just a button posting `fields` to the /account action. */
function ActionButton({
  fields,
  label,
  working,
  accessibleLabel,
  variant = "outline",
}: {
  fields: Record<string, string>;
  label: string;
  working: string;
  accessibleLabel?: string;
  variant?: "outline" | "ghost";
}) {
  const submitting = useSubmittingFields(fields);
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        size="sm"
        variant={variant}
        disabled={submitting}
        aria-label={accessibleLabel}
      >
        <LogOut className="size-4" aria-hidden="true" />
        {submitting ? working : label}
      </Button>
    </Form>
  );
}

const SCOPES: { scope: SignOutScope; label: string }[] = [
  { scope: "others", label: "Sign out all other sessions" },
  { scope: "global", label: "Sign out everywhere" },
];

/**
 * Settings: the devices signed in to this account (device, IP, signed in, last active, 'This
 * device'), each with 'Sign out'; and the spec's other logout scopes: all other sessions, or
 * every session (which ends at /auth).
 */
export function SessionsSection({ sessions, now }: { sessions: ActiveSession[]; now: Date }) {
  return (
    <Section
      id="sessions"
      title="Active sessions"
      description="Devices signed in to your account. Sign out any you don't recognise."
    >
      <ul className="divide-y">
        {sessions.map((session) => {
          const device = describeDevice(session.userAgent);
          const Icon = isMobileDevice(session.userAgent) ? Smartphone : Monitor;
          return (
            <li
              key={session.id}
              className="flex flex-col gap-3 py-3 first:pt-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 gap-3">
                <Icon className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden="true" />
                <div className="min-w-0 space-y-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    {device}
                    {session.current ? <StatusBadge positive>This device</StatusBadge> : null}
                  </p>
                  <p
                    className="text-muted-foreground truncate text-xs"
                    title={session.userAgent ?? undefined}
                  >
                    {session.userAgent ?? "No browser details"}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    IP {session.ipAddress ?? "unknown"} · Signed in{" "}
                    <time dateTime={session.createdAt.toISOString()}>
                      {formatRelativeTime(session.createdAt, now)}
                    </time>{" "}
                    · Last active{" "}
                    <time dateTime={session.lastActiveAt.toISOString()}>
                      {formatRelativeTime(session.lastActiveAt, now)}
                    </time>
                  </p>
                </div>
              </div>
              <ActionButton
                fields={{ intent: "revoke-session", sessionId: session.id }}
                label="Sign out"
                working="Signing out..."
                accessibleLabel={`Sign out ${session.current ? "this device" : device}`}
                variant="ghost"
              />
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2 border-t pt-4">
        {SCOPES.filter(({ scope }) => scope === "global" || sessions.length > 1).map(
          ({ scope, label }) => (
            <ActionButton
              key={scope}
              fields={{ intent: "sign-out-sessions", scope }}
              label={label}
              working="Signing out..."
            />
          ),
        )}
      </div>
    </Section>
  );
}
