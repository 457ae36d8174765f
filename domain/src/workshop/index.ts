export * from './workshop-decider';
