/**
 * match-store.js: the match in progress, kept in IndexedDB by the engine worker (js/worker.js).
 *
 *   const store = await openMatchStore();      // null when the browser refuses storage
 *   await store.read()                          -> record | null   {save, owner, savedAt, build}
 *   await store.claim(owner)                    -> record | null   (the match is this owner's from now on)
 *   await store.write(save, owner, build, stats?) -> "ok" | "taken"  ("taken": another tab claimed it since)
 *                                                 stats(record) -> record: the statistics changed in the
 *                                                 same transaction (js/stats.js: a deal counts iff its save is stored);
 *                                                 if that change throws or its request fails, the save is
 *                                                 still written and the statistics stay as they were
 *   await store.readStats()                     -> the statistics record | null
 *   await store.updateStats(change)             -> the record change(record) returned (stored)
 *                                                 (a stored record js/stats.js cannot read is kept
 *                                                 under "stats-damaged" before either replaces it)
 *   await store.readReview(key)                 -> the decisions a review valued before | null
 *   await store.keepReview(key, record)         (the most recent REVIEWS_KEPT reviews are kept)
 *
 * One writer: every write is a readwrite transaction that first checks the record's owner, so a
 * tab that lost the match to another tab can never overwrite it (IndexedDB serialises readwrite
 * transactions on a store). Layout (docs/contracts.md "Storage"): database "belote" version 1,
 * object store "match", key "current"; the statistics beside it, key "stats"; the valued decisions
 * of recent reviews under "review:<key>" (public data: a finished deal), listed in "reviews".
 */
import { damaged } from "./stats.js";

export const DB_NAME = "belote";
export const DB_VERSION = 1;
export const STORE = "match";
export const KEY = "current";
export const STATS_KEY = "stats";
export const STATS_DAMAGED_KEY = "stats-damaged"; // the last unreadable record, kept before a count replaced it
export const REVIEWS_KEY = "reviews";
export const REVIEWS_KEPT = 12;

function promised(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error("IndexedDB request failed"));
  });
}

function done(tx) {
  const finished = new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error || new Error("IndexedDB transaction failed"));
  });
  // A request of the transaction that fails (site data cleared under it) ends the caller at its
  // await of that request, before it awaits this: the same failure must not also go unhandled.
  finished.catch(() => {});
  return finished;
}

/** A connection to the database, or null when IndexedDB is missing or refused. */
async function connect() {
  try {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    return await promised(request);
  } catch {
    return null;
  }
}

/** The store, or null when IndexedDB is missing or refused (private window, blocked site data). */
export async function openMatchStore() {
  let db = await connect(); // null once closed under us: the next request opens another
  if (!db) return null;
  let reopening = null;
  const watch = (conn) => {
    // A newer build that changes the layout closes this connection instead of waiting for it, and
    // the browser closes it when the site's data is cleared.
    conn.onversionchange = () => {
      conn.close();
      if (conn === db) db = null;
    };
    conn.onclose = () => {
      if (conn === db) db = null;
    };
  };
  watch(db);

  /** The open connection; one that was closed under us is opened again (a failure throws: the
   * request fails as any refused request does, and the next one tries again). */
  async function connection() {
    if (db) return db;
    reopening ??= connect().then((again) => {
      reopening = null;
      if (!again) throw new Error("the database could not be opened again");
      watch(again);
      db = again;
      return again;
    });
    return reopening;
  }

  async function update(owner, change) {
    const tx = (await connection()).transaction(STORE, "readwrite");
    const finished = done(tx);
    const store = tx.objectStore(STORE);
    const record = await promised(store.get(KEY));
    if (record && record.owner && owner && record.owner !== owner) {
      tx.abort();
      await finished.catch(() => {});
      return "taken";
    }
    try {
      change(store, record);
    } catch (e) {
      tx.abort(); // nothing half written
      await finished.catch(() => {});
      throw e;
    }
    await finished;
    return "ok";
  }

  /**
   * Counts into the statistics inside a match write's transaction: `stats(record)` -> record. A
   * failure here (a change that throws, a request that fails) leaves the statistics as they were
   * and never aborts the transaction, so it never costs the match its save; the deal is then not
   * counted. (An exception thrown in a request's handler, or an error event not prevented, would
   * abort the whole transaction.)
   */
  function countIn(store, stats) {
    const quiet = (request) => {
      request.onerror = (event) => event.preventDefault();
      return request;
    };
    const get = quiet(store.get(STATS_KEY));
    get.onsuccess = () => {
      const before = get.result || null;
      try {
        keepDamaged(store, before, quiet);
        quiet(store.put(stats(before), STATS_KEY));
      } catch (e) {
        console.warn("statistics not counted:", e);
      }
    };
  }

  /** A record that cannot be read (damaged, or a newer build's) is kept aside before a count
   * starts the statistics afresh: nothing is lost without a copy. */
  function keepDamaged(store, record, wrap = (request) => request) {
    if (damaged(record)) wrap(store.put(record, STATS_DAMAGED_KEY));
  }

  /** The "reviews" list (oldest first); when it is missing or not a list of keys (damaged, altered
   * by hand), the keys of the kept review records instead, so none of them escapes REVIEWS_KEPT. */
  async function reviewsListed(store) {
    const listed = await promised(store.get(REVIEWS_KEY));
    if (Array.isArray(listed) && listed.every((k) => typeof k === "string")) return listed;
    const range = IDBKeyRange.bound("review:", "review:\uffff");
    const stored = await promised(store.getAllKeys(range));
    return stored.filter((k) => typeof k === "string").map((k) => k.slice("review:".length));
  }

  async function get(key) {
    const tx = (await connection()).transaction(STORE, "readonly");
    return (await promised(tx.objectStore(STORE).get(key))) || null;
  }

  return {
    read() {
      return get(KEY);
    },
    async claim(owner) {
      const tx = (await connection()).transaction(STORE, "readwrite");
      const finished = done(tx);
      const store = tx.objectStore(STORE);
      const record = (await promised(store.get(KEY))) || null;
      if (record) store.put({ ...record, owner }, KEY);
      await finished;
      return record;
    },
    write(save, owner, build, stats = null) {
      return update(owner, (store) => {
        store.put({ save, owner, build, savedAt: new Date().toISOString() }, KEY);
        if (stats) countIn(store, stats);
      });
    },
    readStats() {
      return get(STATS_KEY);
    },
    async updateStats(change) {
      const tx = (await connection()).transaction(STORE, "readwrite");
      const finished = done(tx);
      const store = tx.objectStore(STORE);
      const record = (await promised(store.get(STATS_KEY))) || null;
      const next = change(record);
      keepDamaged(store, record);
      store.put(next, STATS_KEY);
      await finished;
      return next;
    },
    readReview(key) {
      return get(`review:${key}`);
    },
    /** Keeps a review's valued decisions; the least recently kept beyond REVIEWS_KEPT are dropped. */
    async keepReview(key, record) {
      const tx = (await connection()).transaction(STORE, "readwrite");
      const finished = done(tx);
      const store = tx.objectStore(STORE);
      const listed = await reviewsListed(store);
      const keys = [...listed.filter((k) => k !== key), key];
      for (const old of keys.splice(0, Math.max(0, keys.length - REVIEWS_KEPT))) store.delete(`review:${old}`);
      store.put(record, `review:${key}`);
      store.put(keys, REVIEWS_KEY);
      await finished;
    },
  };
}
