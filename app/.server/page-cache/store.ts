import { LRUCache } from "lru-cache";

/**
 * A rendered page, fully buffered. The body is kept split on the CSP nonce placeholder, so a
 * fresh nonce is put in on the way out (docs/decisions/014-page-cache-and-nonces.md).
 */
export type RenderedPage = {
  status: number;
  /** Response headers, Set-Cookie excluded (see `setCookies`). */
  headers: [string, string][];
  /** The body split on the nonce placeholder: join the parts with this response's nonce. */
  parts: Buffer[];
  /** Set-Cookie headers of the response: a page with any is never stored nor shared. */
  setCookies: string[];
};

/** What the cache keeps beside a page: when it stops being fresh, and then served at all. */
type Entry = {
  page: RenderedPage;
  tags: readonly string[];
  freshness: Freshness;
  /** Epoch milliseconds. */
  freshUntil: number;
  /** Epoch milliseconds; after this the entry is gone. */
  staleUntil: number;
};

/** How long a render may be kept: seconds fresh, then seconds served stale while refreshing. */
export type Freshness = { ttlSeconds: number; staleWhileRevalidateSeconds: number };

/** Invalidating this tag drops every page. */
export const ALL_PAGES = "*";

/** Statuses whose pages may be stored: a page and a not-found page are the same for everyone. */
const STORABLE_STATUS = new Set([200, 404]);

/**
 * Whether a rendered page may be stored and served to other visitors: status 200 or 404 and
 * no Set-Cookie (a flash toast is read through a cookie and always clears it with one).
 */
export function isStorable(page: RenderedPage): boolean {
  return STORABLE_STATUS.has(page.status) && page.setCookies.length === 0;
}

/** The bytes a stored page holds: its body and its headers. */
export const pageBytes = (page: RenderedPage): number =>
  page.parts.reduce((sum, part) => sum + part.length, 0) +
  page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);

/**
 * A lookup's answer: the page, whether it is still fresh or only served while refreshing, and
 * the tags and freshness it was stored with (to refresh it without matching its route again).
 */
export type Lookup = {
  page: RenderedPage;
  fresh: boolean;
  tags: readonly string[];
  freshness: Freshness;
};

/**
 * The in-process page store (docs/decisions/014-page-cache-and-nonces.md): an LRU bounded in
 * bytes, entries with a time to live plus a stale-while-revalidate window, one render per key
 * however many requests miss it at once, and invalidation by tag that also discards renders
 * already under way (a render that read the database before a commit never gets stored after
 * the commit's invalidation).
 */
export class PageStore {
  readonly #lru: LRUCache<string, Entry>;
  readonly #now: () => number;
  /** tag -> keys of stored pages carrying it. */
  readonly #byTag = new Map<string, Set<string>>();
  /** key -> the render under way and the invalidation sequence number when it started. */
  readonly #inflight = new Map<
    string,
    { promise: Promise<RenderedPage>; tags: readonly string[] }
  >();
  /** tag -> the sequence number of its last invalidation. */
  readonly #invalidatedAt = new Map<string, number>();
  #sequence = 0;

  /**
   * @param maxBytes the bound on stored bodies and headers, bytes; a page over an eighth of it
   *   is not stored.
   * @param now the clock, epoch milliseconds (tests fix it).
   */
  constructor({ maxBytes, now = Date.now }: { maxBytes: number; now?: () => number }) {
    this.#now = now;
    this.#lru = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
      sizeCalculation: (entry, key) => pageBytes(entry.page) + key.length + 64,
      dispose: (entry, key) => this.#unindex(key, entry.tags),
    });
  }

  /** Number of stored pages. */
  get size(): number {
    return this.#lru.size;
  }

  /** Bytes held, as the LRU counts them. */
  get bytes(): number {
    return this.#lru.calculatedSize;
  }

  /** The stored page for `key`, fresh or within its stale window; undefined otherwise. */
  get(key: string): Lookup | undefined {
    const entry = this.#lru.get(key);
    if (!entry) return undefined;
    const now = this.#now();
    if (now >= entry.staleUntil) {
      this.#lru.delete(key);
      return undefined;
    }
    return {
      page: entry.page,
      fresh: now < entry.freshUntil,
      tags: entry.tags,
      freshness: entry.freshness,
    };
  }

  /**
   * Renders `key` once for every concurrent caller: the first call runs `render`, later calls
   * while it runs wait for its page. The page is stored when {@link isStorable} and no
   * invalidation of its tags happened while it rendered. A page with Set-Cookie belongs to the
   * request that rendered it: a caller that waited for one renders its own with `render`.
   * Rejects with `render`'s error.
   */
  async fill(
    key: string,
    tags: readonly string[],
    freshness: Freshness,
    render: () => Promise<RenderedPage>,
  ): Promise<RenderedPage> {
    const running = this.#inflight.get(key);
    if (running) {
      const page = await running.promise;
      return page.setCookies.length === 0 ? page : render();
    }
    const started = this.#sequence;
    const promise = render().then((page) => {
      if (isStorable(page) && !this.#invalidatedSince(tags, started)) {
        this.#store(key, tags, freshness, page);
      }
      return page;
    });
    const flight = { promise, tags };
    this.#inflight.set(key, flight);
    const clear = () => {
      if (this.#inflight.get(key) === flight) this.#inflight.delete(key);
    };
    promise.then(clear, clear);
    return promise;
  }

  /**
   * Drops every stored page carrying one of `tags` ({@link ALL_PAGES}: every page) and
   * forgets renders of them under way, so the next request renders anew. Returns how many
   * stored pages were dropped.
   */
  invalidate(tags: readonly string[]): number {
    const sequence = ++this.#sequence;
    let dropped = 0;
    for (const tag of tags) this.#invalidatedAt.set(tag, sequence);
    if (tags.includes(ALL_PAGES)) {
      dropped = this.#lru.size;
      this.#lru.clear();
      this.#inflight.clear();
      return dropped;
    }
    for (const tag of tags) {
      for (const key of [...(this.#byTag.get(tag) ?? [])]) {
        if (this.#lru.delete(key)) dropped += 1;
      }
    }
    for (const [key, flight] of this.#inflight) {
      if (flight.tags.some((tag) => tags.includes(tag))) this.#inflight.delete(key);
    }
    return dropped;
  }

  #invalidatedSince(tags: readonly string[], sequence: number): boolean {
    if ((this.#invalidatedAt.get(ALL_PAGES) ?? 0) > sequence) return true;
    return tags.some((tag) => (this.#invalidatedAt.get(tag) ?? 0) > sequence);
  }

  #store(key: string, tags: readonly string[], freshness: Freshness, page: RenderedPage): void {
    const now = this.#now();
    const freshMs = freshness.ttlSeconds * 1000;
    const staleMs = freshness.staleWhileRevalidateSeconds * 1000;
    const entry: Entry = {
      page,
      tags,
      freshness,
      freshUntil: now + freshMs,
      staleUntil: now + freshMs + staleMs,
    };
    this.#lru.set(key, entry, { ttl: freshMs + staleMs });
    if (this.#lru.peek(key) !== entry) return; // too large to keep
    for (const tag of tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  #unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.#byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.#byTag.delete(tag);
    }
  }
}
