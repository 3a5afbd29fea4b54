export * from './accounts';
export * from './catalog';
export * from './sales';
export * from './enquiries';
export * from './audit';
export * from './imports';
export * from './invoices';
export * from './alerts';
