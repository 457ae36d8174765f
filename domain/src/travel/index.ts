export * from './distance-port';
export * from './geo';
export * from './load-run';
