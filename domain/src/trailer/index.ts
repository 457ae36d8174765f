export * from './trailer-decider';
export * from './trailer-details';
