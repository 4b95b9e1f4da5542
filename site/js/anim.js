// anim.js: short motion with the Web Animations API; nothing moves under prefers-reduced-motion.

const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");

const FROM = {
  0: [0, 140],
  1: [-160, 0],
  2: [0, -140],
  3: [160, 0],
};

/** A card slides onto the table from the seat that played it. */
export function slideIn(el, seat, duration) {
  if (reduce.matches || !duration || !el.animate) return;
  const [x, y] = FROM[seat];
  el.animate(
    [
      { transform: `translate(${x}px, ${y}px) scale(0.9)`, opacity: 0.4 },
      { transform: "none", opacity: 1 },
    ],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

/** The cards of a finished trick slide off toward the seat that won it. */
export function collectTrick(elements, winner, duration) {
  if (reduce.matches || !duration || !elements.length || !elements[0].animate) return Promise.resolve();
  const [x, y] = FROM[winner];
  const runs = elements.map((el) =>
    el.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${x}px, ${y}px) scale(0.6)`, opacity: 0 }],
      { duration, easing: "ease-in", fill: "forwards" },
    ).finished.catch(() => {}),
  );
  return Promise.all(runs);
}
