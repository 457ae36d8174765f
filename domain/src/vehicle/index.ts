export * from './fleet-values';
export * from './history-actions';
export * from './vehicle-decider';
export * from './vehicle-details';
export * from './vehicle-documents';
export * from './vehicle-state';
