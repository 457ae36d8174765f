export * from './fuel-card-decider';
export * from './fuel-card-details';
export * from './pin';
