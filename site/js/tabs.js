// tabs.js: one match, one tab. The tab that plays holds the Web Lock "belote-match"; another tab
// of the same site finds it taken, says so and offers to play here, which steals the lock: the
// first tab is told (its lock request rejects) and stops. The lock decides who plays; the stored
// match's owner (js/match-store.js) makes sure only that tab's engine ever writes it.
//
//   const tab = createTab({ onLost });   // onLost(): another tab took the match
//   await tab.claim()        -> "here" | "elsewhere"   (ask, never take; "here" while this tab holds it)
//   await tab.takeOver()     -> "here"                 (take it from whichever tab has it)
//   tab.id                   this tab's id (the owner of the stored match while it plays)

const LOCK = "belote-match";

function newId() {
  return globalThis.crypto?.randomUUID ? crypto.randomUUID() : `tab-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function createTab({ onLost = () => {} } = {}) {
  const locks = navigator.locks;
  const id = newId();
  let holding = false;

  /** Requests the lock with `options`; resolves "here" once held, "elsewhere" when ifAvailable finds it taken. */
  function request(options) {
    return new Promise((resolve) => {
      let settled = false;
      locks.request(LOCK, options, (lock) => {
        settled = true;
        if (!lock) {
          resolve("elsewhere");
          return undefined;
        }
        holding = true;
        resolve("here");
        return new Promise(() => {}); // held for the life of the page
      }).catch(() => {
        if (holding) {
          // Stolen by another tab (AbortError): this tab no longer plays the match.
          holding = false;
          onLost();
        } else if (!settled) {
          // Refused (SecurityError: a third-party iframe without storage): no other tab can share
          // this one's storage either, so it plays here.
          resolve("here");
        }
      });
    });
  }

  return {
    id,
    // Asked again (Retry after a failed start): a lock this tab holds is its own, not another tab's.
    claim: () => (locks && !holding ? request({ ifAvailable: true }) : Promise.resolve("here")),
    takeOver: () => (locks ? request({ steal: true }) : Promise.resolve("here")),
  };
}
