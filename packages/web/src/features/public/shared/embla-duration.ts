/**
 * Embla's `duration` is not milliseconds: each frame (fixed 60 fps step) the scroll velocity
 * grows by distance/duration and is damped by a friction of 0.68 (embla-carousel 8,
 * ScrollBody.seek). To turn "speed 1500 ms" (spec §9) into an embla duration we simulate that
 * integrator over a slide-width move and take the smallest duration whose slide settles (within
 * half a pixel) no sooner than the wanted time: 1500 ms → 31.
 */
const FRAME_MS = 1000 / 60;
const FRICTION = 0.68;

function settleMs(duration: number, distance = 1200): number {
  let location = 0;
  let velocity = 0;
  let frames = 0;
  while (Math.abs(distance - location) >= 0.5 && frames < 10_000) {
    velocity = (velocity + (distance - location) / duration) * FRICTION;
    location += velocity;
    frames += 1;
  }
  return frames * FRAME_MS;
}

export function emblaDurationFor(ms: number): number {
  for (let duration = 1; duration < 200; duration += 1) if (settleMs(duration) >= ms) return duration;
  return 200;
}
