/**
 * The pure business logic of Dispo: deciders, rules and the German message catalogue.
 * The test helper (`@dispo/domain/testing/given-when-then`) is left out on purpose: it imports vitest.
 */
export * from './customer';
export * from './decider';
export * from './fuel-card';
export * from './loading-point';
export * from './material';
export * from './messages';
export * from './order';
export * from './order-template';
export * from './plant';
export * from './search/plant-search';
export * from './shared';
export * from './trailer';
export * from './user';
export * from './user-order-settings';
export * from './vehicle';
