import { ChartColumn, Package, Settings, ShieldCheck, UserRound } from "lucide-react";
import type { MouseEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ActivityTab } from "./activity-tab";
import { LimitsTab } from "./limits-tab";
import { OrdersTab } from "./orders-tab";
import { ProfileTab } from "./profile-tab";
import type { AccountActionData } from "../account";
import { SettingsTab } from "./settings-tab";
import type { AccountProfile } from "~/.server/account/profile";
import type { ActiveSession } from "~/.server/account/sessions";
import type { PlayStatus } from "~/.server/play/status";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { PlayActivity } from "~/lib/play";
import { parseAccountTab, type AccountTab } from "~/lib/schemas/account";

const TABS: { value: AccountTab; label: string; icon: typeof UserRound }[] = [
  { value: "profile", label: "Profile", icon: UserRound },
  { value: "orders", label: "Orders", icon: Package },
  { value: "limits", label: "Limits", icon: ShieldCheck },
  { value: "activity", label: "My activity", icon: ChartColumn },
  { value: "settings", label: "Settings", icon: Settings },
];

/** A plain left click, which Radix has already turned into a tab change. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The tabs of /account (Radix Tabs). The tab lives in `?tab=`, so it survives a reload;
 * each trigger is a link to its URL, so tabs also work before JavaScript loads.
 */
export function AccountTabs({
  account,
  sessions,
  play,
  activity,
  now,
  actionData,
}: {
  account: AccountProfile;
  sessions: ActiveSession[];
  play: PlayStatus;
  activity: PlayActivity;
  now: Date;
  actionData: AccountActionData | undefined;
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = parseAccountTab(searchParams.get("tab"));
  const select = (next: string) =>
    navigate(`?tab=${next}`, { replace: true, preventScrollReset: true });

  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="Account sections">
        {TABS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value} asChild>
            <a
              href={`?tab=${value}`}
              onClick={(event) => isPlainClick(event) && event.preventDefault()}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </a>
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="profile">
        <ProfileTab account={account} actionData={actionData} />
      </TabsContent>
      <TabsContent value="orders">
        <OrdersTab />
      </TabsContent>
      <TabsContent value="limits">
        <LimitsTab play={play} now={now} actionData={actionData} />
      </TabsContent>
      <TabsContent value="activity">
        <ActivityTab activity={activity} />
      </TabsContent>
      <TabsContent value="settings">
        <SettingsTab account={account} sessions={sessions} now={now} actionData={actionData} />
      </TabsContent>
    </Tabs>
  );
}
