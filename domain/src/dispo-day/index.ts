export * from './dispo-day-decider';
