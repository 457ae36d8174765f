export * from './audit-kind';
export * from './audit-kinds';
export * from './audit-values';
export * from './stream-history';
export * from './audit-answers';
