/** The window's one way of writing figures, rates, dates and sizes. Files written out (CSV, .ics) keep the machine forms. */
export * from './money.js';
export * from './rate.js';
export * from './date.js';
export * from './size.js';
export * from './code-words.js';
