import { describe, expect, it } from 'vitest';
import { addDays, berlinInstant, berlinOffsetMinutes } from '@dispo/domain/shared/index';
import {
  latestSlotToday,
  nextSlot,
  type SchedulerClock,
  startTourPlanScheduler,
  type TourPlanSlot,
} from './tour-plan-scheduler';

const at = (iso: string) => new Date(iso);

describe('tour-plan slot arithmetic (Europe/Berlin)', () => {
  it('knows the Berlin offset in winter, in summer and around the switches', () => {
    expect(berlinOffsetMinutes(at('2026-11-23T12:00:00Z'))).toBe(60);
    expect(berlinOffsetMinutes(at('2026-07-01T12:00:00Z'))).toBe(120);
    // 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC).
    expect(berlinOffsetMinutes(at('2026-03-29T00:59:59Z'))).toBe(60);
    expect(berlinOffsetMinutes(at('2026-03-29T01:00:00Z'))).toBe(120);
  });

  it('finds the instant of a Berlin wall time', () => {
    expect(berlinInstant('2026-11-23', '15:00').toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(berlinInstant('2026-07-01', '17:00').toISOString()).toBe('2026-07-01T15:00:00.000Z');
    // On the switching days themselves the afternoon has the new offset.
    expect(berlinInstant('2026-03-29', '15:00').toISOString()).toBe('2026-03-29T13:00:00.000Z');
    expect(berlinInstant('2026-10-25', '15:00').toISOString()).toBe('2026-10-25T14:00:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('takes the next slot: 15:00 and 17:00 for the next day, then tomorrow 15:00', () => {
    const slot = (now: string) => {
      const s = nextSlot(at(now));
      return [s.slot, s.at.toISOString(), s.forDate];
    };
    expect(slot('2026-11-23T08:00:00Z')).toEqual(['15:00', '2026-11-23T14:00:00.000Z', '2026-11-24']);
    // Exactly at a slot the next one is meant (the one now is being fired).
    expect(slot('2026-11-23T14:00:00Z')).toEqual(['17:00', '2026-11-23T16:00:00.000Z', '2026-11-24']);
    expect(slot('2026-11-23T16:00:01Z')).toEqual(['15:00', '2026-11-24T14:00:00.000Z', '2026-11-25']);
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    expect(slot('2026-11-23T23:30:00Z')).toEqual(['15:00', '2026-11-24T14:00:00.000Z', '2026-11-25']);
    // Year end and summer time.
    expect(slot('2026-12-31T16:30:00Z')).toEqual(['15:00', '2027-01-01T14:00:00.000Z', '2027-01-02']);
    expect(slot('2026-07-01T13:30:00Z')).toEqual(['17:00', '2026-07-01T15:00:00.000Z', '2026-07-02']);
  });

  it('knows the latest slot of today that has passed', () => {
    expect(latestSlotToday(at('2026-11-23T13:59:59Z'))).toBeNull();
    expect(latestSlotToday(at('2026-11-23T14:00:00Z'))?.slot).toBe('15:00');
    expect(latestSlotToday(at('2026-11-23T22:59:00Z'))).toMatchObject({ slot: '17:00', forDate: '2026-11-24' });
  });
});

/** A clock whose time only moves when the test says so; due timers run in order. */
class ManualClock implements SchedulerClock {
  private timers: { id: number; due: number; fn: () => void }[] = [];
  private nextId = 1;
  constructor(private time: number) {}
  now = () => new Date(this.time);
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ id, due: this.time + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  get pending(): number {
    return this.timers.length;
  }
  /** Moves to `iso`, running every timer due on the way at its own time. */
  advanceTo(iso: string): void {
    const end = new Date(iso).getTime();
    for (;;) {
      const next = [...this.timers].sort((a, b) => a.due - b.due)[0];
      if (!next || next.due > end) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = Math.max(this.time, next.due);
      next.fn();
    }
    this.time = end;
  }
}

describe('startTourPlanScheduler', () => {
  function setup(start: string, options: { catchUp?: boolean; fail?: number } = {}) {
    const clock = new ManualClock(new Date(start).getTime());
    const requests: [string, TourPlanSlot, string][] = [];
    let failures = options.fail ?? 0;
    const scheduler = startTourPlanScheduler({
      clock,
      catchUp: options.catchUp,
      retryDelayMs: 60_000,
      request: async (date, slot) => {
        requests.push([date, slot, clock.now().toISOString()]);
        if (failures > 0) {
          failures--;
          throw new Error('Datenbank nicht erreichbar');
        }
      },
    });
    return { clock, requests, scheduler };
  }

  it('requests the next day at 15:00 and 17:00 Berlin time, day after day, across the switch to winter time', async () => {
    const { clock, requests, scheduler } = setup('2026-10-24T08:00:00Z');
    clock.advanceTo('2026-10-26T20:00:00Z');
    await scheduler.idle();
    expect(requests).toEqual([
      ['2026-10-25', '15:00', '2026-10-24T13:00:00.000Z'],
      ['2026-10-25', '17:00', '2026-10-24T15:00:00.000Z'],
      // From 25 October on, Berlin is UTC+1.
      ['2026-10-26', '15:00', '2026-10-25T14:00:00.000Z'],
      ['2026-10-26', '17:00', '2026-10-25T16:00:00.000Z'],
      ['2026-10-27', '15:00', '2026-10-26T14:00:00.000Z'],
      ['2026-10-27', '17:00', '2026-10-26T16:00:00.000Z'],
    ]);
    scheduler.stop();
    expect(clock.pending).toBe(0);
  });

  it('on start catches up the latest slot of today that passed while it was down', async () => {
    const { clock, requests, scheduler } = setup('2026-11-23T15:30:00Z');
    await scheduler.idle();
    expect(requests).toEqual([['2026-11-24', '15:00', '2026-11-23T15:30:00.000Z']]);
    clock.advanceTo('2026-11-23T16:00:00Z');
    await scheduler.idle();
    expect(requests.map(([date, slot]) => `${date} ${slot}`)).toEqual(['2026-11-24 15:00', '2026-11-24 17:00']);
    scheduler.stop();
  });

  it('does not catch up when told not to, nor before the first slot of the day', async () => {
    const off = setup('2026-11-23T15:30:00Z', { catchUp: false });
    const early = setup('2026-11-23T09:00:00Z');
    await Promise.all([off.scheduler.idle(), early.scheduler.idle()]);
    expect(off.requests).toEqual([]);
    expect(early.requests).toEqual([]);
    off.scheduler.stop();
    early.scheduler.stop();
  });

  it('tries a failed request again a minute later while the slot is the latest one', async () => {
    const { clock, requests, scheduler } = setup('2026-11-23T13:00:00Z', { fail: 2 });
    clock.advanceTo('2026-11-23T14:00:00Z');
    await scheduler.idle();
    clock.advanceTo('2026-11-23T14:01:00Z');
    await scheduler.idle();
    clock.advanceTo('2026-11-23T14:02:00Z');
    await scheduler.idle();
    clock.advanceTo('2026-11-23T14:10:00Z');
    await scheduler.idle();
    expect(requests.map(([, slot, when]) => `${slot} ${when}`)).toEqual([
      '15:00 2026-11-23T14:00:00.000Z',
      '15:00 2026-11-23T14:01:00.000Z',
      '15:00 2026-11-23T14:02:00.000Z',
    ]);
    scheduler.stop();
  });

  it('stops: no timers left, nothing requested afterwards', async () => {
    const { clock, requests, scheduler } = setup('2026-11-23T13:00:00Z');
    scheduler.stop();
    clock.advanceTo('2026-11-24T20:00:00Z');
    await scheduler.idle();
    expect(requests).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});
