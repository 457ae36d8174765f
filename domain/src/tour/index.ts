export * from './clock';
export * from './tour-decider';
export * from './tour-state';
export * from './tour-status';
export * from './tour-times';
