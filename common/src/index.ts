export * from './messages.ts';
export * from './status.ts';
export * from './dblp-url.ts';
export * from './schemas/fields.ts';
export * from './schemas/auth.ts';
export * from './conflict-rules.ts';
