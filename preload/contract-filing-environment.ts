/**
 * Where a return is filed: a word both a draft (filed in which environment)
 * and the filing domain use, in a file of its own so drafts need not import
 * filing, which builds on them.
 */

/** til: Test in Live (HMRC checks it, nothing is filed); ets: HMRC's external test service; live: filed for real. */
export type FilingEnvironment = 'til' | 'ets' | 'live';
