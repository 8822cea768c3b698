export * from './catalog.ts';
export * from './entities.ts';
export * from './messages.ts';
