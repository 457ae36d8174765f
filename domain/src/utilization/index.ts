export * from './analysis';
export * from './bands';
export * from './connections';
export * from './drag-preview';
export * from './schedule';
export * from './traffic';
export * from './leg-cache';
