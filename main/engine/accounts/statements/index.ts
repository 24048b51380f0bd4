export { buildAccounts, type BuildOptions } from './build.js';
export { roundTrialBalance, nearestPound, formatPence, formatPounds } from './rounding.js';
