export * from './appointment-decider';
export * from './appointment-rules';
