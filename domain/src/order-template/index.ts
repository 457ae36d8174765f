export * from './order-template-decider';
export * from './template-data';
export * from './next-workday';
