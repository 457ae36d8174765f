export * from './order-mail-decider';
