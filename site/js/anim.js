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

export function reducedMotion() {
  return reduce.matches;
}
