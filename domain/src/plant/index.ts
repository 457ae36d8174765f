export * from './plant-decider';
export * from './plant-details';
export * from './plant-eligibility';
