/** dispatch.md §9: confetti for 4 seconds with 80 pieces when the day is completed (if enabled). */
export const CONFETTI_DURATION_MS = 4_000;
export const CONFETTI_PIECES = 80;
const BURSTS = 16;

export async function celebrate(): Promise<void> {
  try {
    const canvasWorks = typeof document !== 'undefined' && document.createElement('canvas').getContext?.('2d');
    if (!canvasWorks) return;
    const { default: confetti } = await import('canvas-confetti');
    const perBurst = CONFETTI_PIECES / BURSTS;
    for (let burst = 0; burst < BURSTS; burst += 1) {
      setTimeout(
        () => {
          void confetti({
            particleCount: perBurst,
            spread: 70,
            startVelocity: 38,
            origin: { x: 0.15 + (0.7 * burst) / (BURSTS - 1), y: 0.25 },
            disableForReducedMotion: true,
            zIndex: 2000,
          });
        },
        (CONFETTI_DURATION_MS / BURSTS) * burst,
      );
    }
  } catch {
    // confetti is decoration only
  }
}
