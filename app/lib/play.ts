// The words of responsible play (docs/decisions/010-responsible-play.md), shared by the
// domain, the /account Limits and Activity tabs and the admin Users tab.

import { formatUtc } from "./time";

/** The rolling windows a limit counts over. */
export const PLAY_PERIODS = ["day", "week", "month"] as const;
export type PlayPeriod = (typeof PLAY_PERIODS)[number];

/** Each period's length in seconds: rolling, a month is 30 days (decision record 010). */
export const PERIOD_SECONDS: Record<PlayPeriod, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

const PERIOD_ADJECTIVE: Record<PlayPeriod, string> = {
  day: "daily",
  week: "weekly",
  month: "monthly",
};

/** What a limit caps: money added to the wallet, or money spent on packs. */
export const LIMIT_KINDS = ["deposit", "spending"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** A raised or removed limit takes effect this long after it was asked for (seconds). */
export const LIMIT_RAISE_DELAY_SECONDS = 86_400;

/** 'This would exceed your daily deposit limit' (issue text: '{period} {deposit|spending}'). */
export function limitExceededMessage(period: PlayPeriod, kind: LimitKind): string {
  return `This would exceed your ${PERIOD_ADJECTIVE[period]} ${kind} limit`;
}

/** 'Daily deposit limit', as a form label. */
export function limitLabel(period: PlayPeriod, kind: LimitKind): string {
  const adjective = PERIOD_ADJECTIVE[period];
  return `${adjective[0]!.toUpperCase()}${adjective.slice(1)} ${kind} limit`;
}

/** A limit as the Limits tab shows it: in force now, and a raise or removal waiting. */
export type PlayLimitView = {
  kind: LimitKind;
  period: PlayPeriod;
  /** In force now; null for no limit. */
  amountCents: number | null;
  /** A raise or removal waiting for `pendingFrom`; null amount means removal. */
  pending: { amountCents: number | null; from: Date } | null;
};

/** A pause of play: a break or a self-exclusion, and how long each lasts. */
export const PAUSE_KINDS = ["break", "exclusion"] as const;
export type PauseKind = (typeof PAUSE_KINDS)[number];

export const PAUSE_OPTIONS = [
  { value: "24h", kind: "break", label: "24 hours", days: 1, months: 0 },
  { value: "7d", kind: "break", label: "7 days", days: 7, months: 0 },
  { value: "30d", kind: "break", label: "30 days", days: 30, months: 0 },
  { value: "6m", kind: "exclusion", label: "6 months", days: 0, months: 6 },
  { value: "1y", kind: "exclusion", label: "1 year", days: 0, months: 12 },
  { value: "5y", kind: "exclusion", label: "5 years", days: 0, months: 60 },
] as const;
export type PauseOption = (typeof PAUSE_OPTIONS)[number];
export type PauseLength = PauseOption["value"];
export const PAUSE_LENGTHS = PAUSE_OPTIONS.map((option) => option.value) as [
  PauseLength,
  ...PauseLength[],
];

/** When a pause of `length` started at `from` ends: days exactly, months by the UTC calendar. */
export function pauseEnd(length: PauseLength, from: Date): Date {
  const option = PAUSE_OPTIONS.find((candidate) => candidate.value === length)!;
  const end = new Date(from.getTime() + option.days * 86_400_000);
  if (option.months > 0) end.setUTCMonth(end.getUTCMonth() + option.months);
  return end;
}

/** A pause in force, as the account page and the admin see it. */
export type PauseView = { kind: PauseKind; startedAt: Date; until: Date };

/**
 * The refusal while paused: 'You are taking a break until Nov 24, 2026, 6:00 PM UTC' or
 * 'You have excluded yourself until ...' (a server message: the time in UTC).
 */
export function pausedMessage(kind: PauseKind, until: Date): string {
  return kind === "break"
    ? `You are taking a break until ${formatUtc(until)}`
    : `You have excluded yourself until ${formatUtc(until)}`;
}

/**
 * Where a collector who gambles more than they want finds help: a problem-gambling helpline,
 * linked from the Limits tab (HELPLINE_URL and HELPLINE_PHONE; by default the US National
 * Council on Problem Gambling and its 1-800-GAMBLER line).
 */
export type Helpline = { url: string; phone: string };

const KEYPAD = ["ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ"];

/** A `tel:` link for a phone number written with letters: "1-800-GAMBLER" -> "tel:+18004262537". */
export function telHref(phone: string): string {
  const digits = Array.from(phone.toUpperCase())
    .map((char) => {
      const key = KEYPAD.findIndex((letters) => letters.includes(char));
      return key >= 0 ? String(key + 2) : char;
    })
    .join("")
    .replace(/[^0-9+]/g, "");
  return `tel:${digits.startsWith("+") ? digits : `+${digits}`}`;
}

/** Sign-up and the date of birth confirmation refuse anyone younger (docs/product terms). */
export const MINIMUM_AGE_YEARS = 18;
export const UNDERAGE_MESSAGE = "You must be 18 or older to use PackVault";
export const DATE_OF_BIRTH_REQUIRED_MESSAGE =
  "Please confirm your date of birth before adding funds or opening packs";

/** Whole years between a `YYYY-MM-DD` birth date and `now` (UTC calendar). */
export function ageInYears(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A reality check is due after every this many seconds of opening packs in one session. */
export const REALITY_CHECK_INTERVAL_SECONDS = 3_600;
/** A gap without openings this long (seconds) ends a play session. */
export const PLAY_SESSION_GAP_SECONDS = 1_800;

/** What the reality check dialog tells. */
export type RealityCheck = {
  /** When this session's first opening was. */
  sessionStartedAt: Date;
  /** Seconds from the session's first opening to now. */
  elapsedSeconds: number;
  packsOpened: number;
  spentCents: number;
  /** Buyback income of the session's pulls minus what they cost (signed cents). */
  netCents: number;
  /** How many hour marks this session has passed; Continue acknowledges up to it. */
  checkNumber: number;
};

/** 'Last 30 days' and 'All time' figures of My activity, in cents (signed where noted). */
export type ActivityTotals = {
  depositsCents: number;
  withdrawalsCents: number;
  packSpendingCents: number;
  buybackIncomeCents: number;
  /** Sales received minus purchases paid on the marketplace (signed). */
  marketplaceNetCents: number;
  /** Buyback income plus marketplace net minus pack spending (signed). */
  netPositionCents: number;
};

/** One day of the activity chart (UTC day `YYYY-MM-DD`). */
export type ActivityDay = {
  day: string;
  packSpendingCents: number;
  buybackIncomeCents: number;
  marketplaceNetCents: number;
};

export type PlayActivity = {
  last30Days: ActivityTotals;
  allTime: ActivityTotals;
  days: ActivityDay[];
};
