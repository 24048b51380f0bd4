export { CHARTS, chooseChart, placeTrialBalance, readFirmMapping, type AccountBalance, type Placement, type PlacementOptions, type PlacementResult, type Unplaced } from './place.js';
export { nilCodesLeftOut } from './nil-codes.js';
export type { Chart, ChartId, ChartRule } from './rules.js';
export { SAGE_UK } from './sage-uk.js';
export { XERO_UK } from './xero-uk.js';
