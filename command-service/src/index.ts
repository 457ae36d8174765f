export * from './auth/login-route';
export * from './auth/passwords';
export * from './command-handler';
export * from './master-data/master-data-commands';
export * from './orders/order-commands';
export * from './orders/order-routes';
export * from './users/user-commands';
