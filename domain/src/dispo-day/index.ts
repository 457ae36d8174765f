export * from './dispo-day-decider';
export * from './plan-problems';
