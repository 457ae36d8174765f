export * from './bus/create-bus';
export * from './bus/notice-bus';
export * from './http/auth';
export * from './http/create-app';
export * from './http/errors';
export * from './http/text-schemas';
export * from './logging';
