export * from './customer-decider';
export * from './customer-details';
