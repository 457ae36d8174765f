import { describe, expect, it } from 'vitest';
import { makeOpenOrder, makeTour } from './dispatchTestKit';
import { assignLanes, baseSlotWidth, complexityLevel, needsVirtualScrolling, placeSpan, slotStarts, slotWidth, tourSpan } from './grid';
import { applyOptimistic } from './useOptimistic';
import { longGermanDate, minutesOf, scheduledTime } from './time';

describe('timeline geometry (dispatch.md §9)', () => {
  it('slot widths 64/80/96/112 px by interval, scaled by zoom', () => {
    expect([10, 15, 20, 30, 45, 60, 120].map(baseSlotWidth)).toEqual([64, 64, 80, 80, 96, 96, 112]);
    expect(slotWidth(30, 60)).toBe(48);
    expect(slotWidth(60, 75)).toBe(72);
  });

  it('slots from start to end hour at the interval', () => {
    expect(slotStarts(6, 20, 30)).toHaveLength(28);
    expect(slotStarts(6, 8, 60)).toEqual([360, 420]);
    expect(slotStarts(23, 24, 15)).toEqual([1380, 1395, 1410, 1425]);
  });

  it('virtual scrolling past 28 slots, 10 vehicles, complexity 300 or at 15 minutes', () => {
    expect(needsVirtualScrolling(28, 10, 30)).toBe(false);
    expect(needsVirtualScrolling(29, 1, 30)).toBe(true);
    expect(needsVirtualScrolling(10, 11, 30)).toBe(true);
    expect(needsVirtualScrolling(28, 11, 60)).toBe(true);
    expect(needsVirtualScrolling(20, 10, 60)).toBe(false);
    expect(needsVirtualScrolling(4, 1, 15)).toBe(true);
    expect([301, 300, 151, 150].map(complexityLevel)).toEqual(['high', 'medium', 'medium', 'low']);
  });

  it('tours without end last one hour; spans are clipped to the window', () => {
    expect(tourSpan(makeTour({ start_time: '08:15' }))).toEqual([495, 555]);
    expect(tourSpan(makeTour({ start_time: '08:00', end_time: '10:30' }))).toEqual([480, 630]);
    expect(placeSpan([480, 540], 6, 20, 30, 80)).toEqual({ left: 320, width: 160, clippedStart: false, clippedEnd: false });
    expect(placeSpan([300, 420], 6, 20, 30, 80)).toEqual({ left: 0, width: 160, clippedStart: true, clippedEnd: false });
    expect(placeSpan([1260, 1320], 6, 20, 30, 80)).toBeNull();
  });

  it('overlapping tours go into separate lanes', () => {
    const spans: Record<string, [number, number]> = { a: [480, 540], b: [510, 600], c: [540, 600] };
    const { lanes, count } = assignLanes(['a', 'b', 'c'], (key) => spans[key] ?? [0, 0]);
    expect(count).toBe(2);
    expect([lanes.get('a'), lanes.get('b'), lanes.get('c')]).toEqual([0, 1, 0]);
  });

  it('dates and times of Europe/Berlin', () => {
    expect(longGermanDate('2026-11-23')).toBe('Montag, 23. November 2026');
    expect(minutesOf('2026-11-23T07:45')).toBe(465);
    expect(minutesOf('7:05:00')).toBe(425);
    expect(scheduledTime('2026-11-23', 570)).toBe('2026-11-23T09:30');
  });
});

describe('optimistic updates (dispatch.md §4)', () => {
  it('assign removes the order and draws a new tour or joins one at the same vehicle and time', () => {
    const order = makeOpenOrder();
    const fresh = applyOptimistic([], [order], [{ id: 1, kind: 'assign', order, vehicleId: 'v-2', date: '2099-03-05', minutes: 600 }]);
    expect(fresh.openOrders).toEqual([]);
    expect(fresh.tours).toHaveLength(1);
    expect(fresh.tours[0]).toMatchObject({ vehicle_id: 'v-2', start_time: '10:00', pending: true, temporary: true });

    const tour = makeTour({ start_time: '10:00', vehicle_id: 'v-2' });
    const joined = applyOptimistic([tour], [order], [{ id: 1, kind: 'assign', order, vehicleId: 'v-2', date: '2099-03-05', minutes: 600 }]);
    expect(joined.tours).toHaveLength(1);
    expect(joined.tours[0]?.orders).toHaveLength(2);
    expect(joined.tours[0]?.pending).toBe(true);
  });

  it('the tours refreshed before the open orders: the card stays out of the sidebar, no second tour is drawn', () => {
    const order = makeOpenOrder();
    const server = makeTour({ start_time: '10:00', vehicle_id: 'v-2' });
    const withOrder = { ...server, orders: [...server.orders, { ...server.orders[0]!, id: order.id, sequenceNumber: server.orders.length + 1 }] };
    const between = applyOptimistic([withOrder], [order], [{ id: 1, kind: 'assign', order, vehicleId: 'v-2', date: '2099-03-05', minutes: 600 }]);
    expect(between.openOrders).toEqual([]);
    expect(between.tours).toEqual([withOrder]);
  });

  it('move shifts start and end; remove hides the tour', () => {
    const tour = makeTour({ start_time: '08:00', end_time: '09:30' });
    const moved = applyOptimistic([tour], [], [{ id: 1, kind: 'move', tourId: 't-1', vehicleId: 'v-2', minutes: 720 }]);
    expect(moved.tours[0]).toMatchObject({ vehicle_id: 'v-2', start_time: '12:00', end_time: '13:30', pending: true });
    expect(applyOptimistic([tour], [], [{ id: 1, kind: 'remove', tourIds: ['t-1'] }]).tours).toEqual([]);
  });
});

describe('time labels (no overlap at 15 minutes and 60 % zoom)', () => {
  it('labels every slot where a label fits, else every n-th slot on a divisor of the hour', async () => {
    const { labelStep } = await import('./Timeline');
    expect(labelStep(64, 15)).toBe(1);
    expect(labelStep(38, 15)).toBe(2);
    expect(labelStep(48, 30)).toBe(1);
    expect(labelStep(20, 5)).toBe(3);
    expect(labelStep(10, 5)).toBe(6);
  });
});
