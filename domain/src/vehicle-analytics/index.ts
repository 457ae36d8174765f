export * from './analytics';
export * from './history-log';
