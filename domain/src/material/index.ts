export * from './material-decider';
export * from './material-details';
