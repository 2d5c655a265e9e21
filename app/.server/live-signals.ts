import type { SignalTopic } from "./sales-feed";

/**
 * Tells the live channel that something changed (after the commit): a user's inbox, so their
 * bell updates without a reload, or an auction, so its page shows the new price, end and
 * history as they happen. The server registers the channel (the live feed's pub/sub, across
 * instances; app/.server/sales-feed.ts); without one (tests, scripts) a signal goes
 * nowhere.
 */
type Signal = (topic: SignalTopic, key: string) => void | Promise<void>;

const registered = new Set<Signal>();

/** Registers where live signals go; returns the function that unregisters it. */
export function registerLiveSignal(signal: Signal): () => void {
  registered.add(signal);
  return () => registered.delete(signal);
}

async function send(topic: SignalTopic, key: string): Promise<void> {
  await Promise.all([...registered].map(async (signal) => signal(topic, key)));
}

/** Announces that `userId`'s inbox changed. Never throws. */
export const signalInbox = (userId: string): Promise<void> => send("inbox", userId);

/** Announces that auction `auctionId` changed (a bid, an extension, its close). Never throws. */
export const signalAuction = (auctionId: number): Promise<void> =>
  send("auction", String(auctionId));
