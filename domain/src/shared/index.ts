export * from './changes';
export * from './entity-state';
export * from './field-changes';
export * from './formats';
export * from './refuse';
export * from './text';
export * from './berlin-date';
