export * from './loading-point-decider';
export * from './loading-point-details';
