export * from './route-matrix';
export * from './route-problem';
export * from './route-solver';
export * from './operation-decider';
