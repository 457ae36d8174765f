export * from './capacity';
export * from './route-history';
