export * from './password-policy';
export * from './user-decider';
export * from './username';
