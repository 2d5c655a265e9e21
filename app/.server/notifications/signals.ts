/**
 * Tells the live channel that a user's inbox changed (after the commit), so their bell updates
 * without a reload. The server registers the channel (the live feed's pub/sub, across
 * instances); without one (tests, scripts) a signal goes nowhere.
 */
type Signal = (userId: string) => void | Promise<void>;

const registered = new Set<Signal>();

/** Registers where inbox signals go; returns the function that unregisters it. */
export function registerInboxSignal(signal: Signal): () => void {
  registered.add(signal);
  return () => registered.delete(signal);
}

/** Announces that `userId`'s inbox changed. Never throws. */
export async function signalInbox(userId: string): Promise<void> {
  await Promise.all([...registered].map(async (signal) => signal(userId)));
}
