export * from './revenue';
export * from './tariff-decider';
export * from './tour-revenue';
