export * from './appointment-decider';
export * from './appointment-rules';
export * from './appointment-fields';
export * from './completion-vehicle-facts';
