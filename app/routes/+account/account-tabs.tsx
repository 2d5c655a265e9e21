import { ChartColumn, Package, Settings, ShieldCheck, UserRound } from "lucide-react";
import { useSearchParams } from "react-router";
import { ActivityTab } from "./activity-tab";
import { LimitsTab } from "./limits-tab";
import { OrdersTab } from "./orders-tab";
import { ProfileTab } from "./profile-tab";
import type { AccountActionData } from "../account";
import { SettingsTab } from "./settings-tab";
import type { AccountProfile } from "~/lib/domain/account";
import type { ActiveSession } from "~/.server/account/sessions";
import type { PlayStatus } from "~/.server/play/status";
import type { Helpline } from "~/lib/play";
import { TabsContent } from "~/components/ui/tabs";
import { UrlTabs, type UrlTab } from "~/components/ui/url-tabs";
import type { PlayActivity } from "~/lib/play";
import { parseAccountTab, type AccountTab } from "~/lib/schemas/account";

const TABS: UrlTab<AccountTab>[] = [
  { value: "profile", label: "Profile", icon: UserRound },
  { value: "orders", label: "Orders", icon: Package },
  { value: "limits", label: "Limits", icon: ShieldCheck },
  { value: "activity", label: "My activity", icon: ChartColumn },
  { value: "settings", label: "Settings", icon: Settings },
];

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
  play: PlayStatus & { helpline: Helpline };
  activity: PlayActivity;
  now: Date;
  actionData: AccountActionData | undefined;
}) {
  const [searchParams] = useSearchParams();
  const tab = parseAccountTab(searchParams.get("tab"));

  return (
    <UrlTabs tab={tab} tabs={TABS} label="Account sections">
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
    </UrlTabs>
  );
}
