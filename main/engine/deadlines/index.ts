export * from './calendar.js';
export * from './deadline-rules.js';
export * from './client-periods.js';
export * from './deadline-list.js';
export * from './exports.js';
export * from './penalty-tables.js';
export * from './late-payment-interest.js';
