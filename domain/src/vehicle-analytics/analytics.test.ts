import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../testing/given-when-then';
import {
  dayUtilizationBand,
  defaultRange,
  efficiencyScore,
  financialFigures,
  maintenanceShareBand,
  marginAssessment,
  marginBand,
  recommendations,
  tourOrderStatusLabel,
  tourStatusLabel,
  trends,
  utilizationFigures,
  utilizationRating,
  workingDays,
} from './analytics';
import { vehicleLogDecider } from './history-log';

describe('fleet.md §9 profit margin bands', () => {
  it('is Sehr gut from exactly 20, Gut from 10, Niedrig from 0, Verlust below', () => {
    expect(marginBand(20)).toBe('veryGood');
    expect(marginBand(19.9)).toBe('good');
    expect(marginBand(10)).toBe('good');
    expect(marginBand(9.9)).toBe('low');
    expect(marginBand(0)).toBe('low');
    expect(marginBand(-0.1)).toBe('loss');
  });

  it('assesses at 15 and 5', () => {
    expect(marginAssessment(15)).toBe('good');
    expect(marginAssessment(14.9)).toBe('medium');
    expect(marginAssessment(5)).toBe('medium');
    expect(marginAssessment(4.9)).toBe('weak');
  });

  it('rates the maintenance share: at most 10 good, at most 20 medium, above high', () => {
    expect(maintenanceShareBand(10)).toBe('good');
    expect(maintenanceShareBand(10.1)).toBe('medium');
    expect(maintenanceShareBand(20)).toBe('medium');
    expect(maintenanceShareBand(20.1)).toBe('high');
  });
});

describe('fleet.md §9 utilisation', () => {
  it('rates at 80, 60 and 40', () => {
    expect(utilizationRating(80)).toBe('excellent');
    expect(utilizationRating(79.9)).toBe('good');
    expect(utilizationRating(60)).toBe('good');
    expect(utilizationRating(59.9)).toBe('moderate');
    expect(utilizationRating(40)).toBe('moderate');
    expect(utilizationRating(39.9)).toBe('low');
  });

  it('bands a day at 80 and 60', () => {
    expect(dayUtilizationBand(80)).toBe('high');
    expect(dayUtilizationBand(79.9)).toBe('medium');
    expect(dayUtilizationBand(60)).toBe('medium');
    expect(dayUtilizationBand(59.9)).toBe('low');
  });

  it('scores efficiency as orders per day × 10 + km per day / 50, graded at 80/60/40/20', () => {
    expect(efficiencyScore(6, 1000)).toEqual({ score: 80, grade: 'A' });
    expect(efficiencyScore(7.9, 0)).toEqual({ score: 79, grade: 'B' });
    expect(efficiencyScore(4, 1000)).toEqual({ score: 60, grade: 'B' });
    expect(efficiencyScore(4, 0)).toEqual({ score: 40, grade: 'C' });
    expect(efficiencyScore(1, 500)).toEqual({ score: 20, grade: 'D' });
    expect(efficiencyScore(1.9, 0)).toEqual({ score: 19, grade: 'F' });
  });

  it('meets the trend thresholds at exactly 70 %, 5 orders and 200 km', () => {
    expect(trends({ utilizationRate: 70, averageOrdersPerDay: 5, averageDistancePerDay: 200 })).toEqual({ utilization: true, orders: true, distance: true });
    expect(trends({ utilizationRate: 69.9, averageOrdersPerDay: 4.9, averageDistancePerDay: 199.9 })).toEqual({
      utilization: false,
      orders: false,
      distance: false,
    });
  });

  it('recommends at each trigger and its edge', () => {
    expect(recommendations({ utilizationRate: 59.9, averageOrdersPerDay: 2.9, averageDistancePerDay: 300.1 })).toEqual([
      'lowUtilization',
      'fewOrders',
      'longDistances',
    ]);
    expect(recommendations({ utilizationRate: 60, averageOrdersPerDay: 3, averageDistancePerDay: 300 })).toEqual([]);
    expect(recommendations({ utilizationRate: 80, averageOrdersPerDay: 5, averageDistancePerDay: 200 })).toEqual(['highUtilization', 'efficientShortRuns']);
    expect(recommendations({ utilizationRate: 79.9, averageOrdersPerDay: 5, averageDistancePerDay: 200.1 })).toEqual([]);
  });

  it('counts Monday to Saturday as working days', () => {
    // 2026-11-16 is a Monday; the week to Sunday 22nd has six working days.
    expect(workingDays('2026-11-16', '2026-11-22')).toBe(6);
    expect(workingDays('2026-11-22', '2026-11-22')).toBe(0);
  });

  it('derives the utilisation of §3 from days of use', () => {
    const u = utilizationFigures({ from: '2026-11-16', to: '2026-11-21', activeDays: 3, totalOrders: 12, totalDistance: 600, totalHours: 24 });
    expect(u).toMatchObject({
      utilizationRate: 50,
      activeDays: 3,
      totalDays: 6,
      workingHoursPerDay: 8,
      averageOrdersPerDay: 4,
      averageDistancePerDay: 200,
      rating: 'moderate',
      efficiencyScore: 44,
      efficiencyGrade: 'C',
    });
    expect(utilizationFigures({ from: '2026-11-16', to: '2026-11-21', activeDays: 0, totalOrders: 0, totalDistance: 0, totalHours: 0 }).averageOrdersPerDay).toBe(0);
  });
});

describe('fleet.md §3 financial overview', () => {
  it('nets revenue against maintenance and running costs', () => {
    expect(financialFigures(1000, 100, 700)).toEqual({
      totalRevenue: 1000,
      totalMaintenanceCosts: 100,
      totalRunningCosts: 700,
      netProfit: 200,
      profitMargin: 20,
      maintenanceShare: 10,
    });
  });

  it('has no margin without revenue', () => {
    expect(financialFigures(0, 250, 0)).toMatchObject({ netProfit: -250, profitMargin: null, maintenanceShare: null });
  });
});

describe('fleet.md §4 tour status in analytics', () => {
  it('labels a completed tour billed unless its revenue is negative, missing or estimated', () => {
    expect(tourStatusLabel('completed', 120, false)).toBe('billed');
    expect(tourStatusLabel('completed', 0, false)).toBe('billed');
    expect(tourStatusLabel('completed', -1, false)).toBe('completed');
    expect(tourStatusLabel('completed', 120, true)).toBe('completed');
    expect(tourStatusLabel('completed', null, false)).toBe('completed');
    expect(tourStatusLabel('in_progress', null, false)).toBe('running');
    expect(tourStatusLabel('planned', null, false)).toBe('planned');
  });

  it('labels tour orders', () => {
    expect(tourOrderStatusLabel('completed', true)).toBe('billed');
    expect(tourOrderStatusLabel('completed', false)).toBe('completed');
    expect(tourOrderStatusLabel('in_progress', false)).toBe('running');
    expect(tourOrderStatusLabel('pending', false)).toBe('pending');
  });
});

describe('fleet.md §9 analytics default range', () => {
  it('is the last 3 months to today', () => {
    expect(defaultRange('2026-11-26')).toEqual({ from: '2026-08-26', to: '2026-11-26' });
    expect(defaultRange('2026-05-31')).toEqual({ from: '2026-02-28', to: '2026-05-31' });
  });
});

describe('manual history entries', () => {
  const log = givenWhenThen(vehicleLogDecider);
  const entry = {
    id: 'h-1',
    vehicleId: 'v-1',
    actionType: 'UPDATED',
    actionTitle: 'Reifen gewechselt',
    description: 'Winterreifen montiert',
    category: 'maintenance' as const,
    priority: 'normal' as const,
    revenueAmount: null,
    costAmount: 480,
    odometerReading: 182000,
  };
  const now = '2026-11-20T08:00:00.000Z';

  it('adds an entry once', () => {
    const added = { type: 'VehicleHistoryEntryAdded' as const, data: { ...entry, addedBy: 'u-1', addedAt: now } };
    log.given([]).when({ type: 'AddHistoryEntry', entry, vehicleExists: true, userId: 'u-1', now }).thenEmits([added]);
    log.given([added]).when({ type: 'AddHistoryEntry', entry, vehicleExists: true, userId: 'u-1', now }).thenEmits([]);
  });

  it('refuses an unknown vehicle', () => {
    log.given([]).when({ type: 'AddHistoryEntry', entry, vehicleExists: false, userId: 'u-1', now }).thenThrows('Fahrzeug nicht gefunden', 'not_found');
  });
});
