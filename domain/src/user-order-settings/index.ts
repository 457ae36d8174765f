export * from './user-order-settings-decider';
