export * from './reservation-decider';
