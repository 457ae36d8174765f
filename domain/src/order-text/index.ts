export * from './order-draft';
export * from './parse-order-text';
export type * from './types';
