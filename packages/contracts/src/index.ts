export * from './account-rules.ts';
export * from './accounts.ts';
export * from './catalog.ts';
export * from './entities.ts';
export * from './messages.ts';
export * from './payments.ts';
