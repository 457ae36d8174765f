import { describe, expect, it } from 'vitest';
import { MAX_STEPS, stepsBetween, stepsFrom } from './recurring-times';

describe('recurring times', () => {
  it('steps from the first time to the last, both included', () => {
    expect(stepsBetween('07:00', '10:00', 60)).toEqual(['07:00', '08:00', '09:00', '10:00']);
    expect(stepsBetween('06:30', '08:00', 30)).toEqual(['06:30', '07:00', '07:30', '08:00']);
    expect(stepsBetween('06:00', '11:00', 120)).toEqual(['06:00', '08:00', '10:00']);
  });

  it('counts as many steps as trucks from a start, and stays within the day', () => {
    expect(stepsFrom('07:00', 60, 3)).toEqual(['07:00', '08:00', '09:00']);
    expect(stepsFrom('22:00', 60, 5)).toEqual(['22:00', '23:00']);
  });

  it('takes no more steps than a day has hours', () => {
    expect(stepsBetween('00:00', '23:59', 15)).toHaveLength(MAX_STEPS);
  });
});
