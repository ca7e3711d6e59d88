export * from './constants.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './auth.schemas.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './token.ts';
export * from './routes.ts';
