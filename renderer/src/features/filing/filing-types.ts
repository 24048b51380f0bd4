/** The filing contract's shapes, under the names the window's filing screens use. */
export type {
  FilingEnvironment,
  FilingMissing,
  FilingPreview,
  FilingSettings,
  GatewayCredentialsStatus,
  SubmissionErrorView,
  SubmissionReceiptView as SubmissionReceipt,
  SubmissionView,
  SubmissionViewState as SubmissionState,
} from '../../../../preload/contract.js';
