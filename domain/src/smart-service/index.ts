export * from './brand-match';
export * from './conflicts';
export * from './opening-hours';
export * from './redistribution';
export * from './workshop-ranking';
export * from './booking-rules';
