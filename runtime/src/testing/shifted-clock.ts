/**
 * Preloaded (`node --import`) into the service processes of the multi-process test: their wall clock
 * runs DISPO_TEST_CLOCK_OFFSET_MS ahead, so that a scheduled moment (the 15:00 tour-plan mail) comes
 * within the test's minute. Every process gets the same offset; timers are not touched.
 */
const offset = Number(process.env.DISPO_TEST_CLOCK_OFFSET_MS ?? 0);

if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as ConstructorParameters<typeof Date>));
    }

    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
