/** The Attachments step: boxes 80A–90B, each role's files or the reason there are none. */
import { describeLimit, MAX_CT600_ATTACHMENTS_BASE64_BYTES } from '../../../../preload/contract.js';
import { NO_ACCOUNTS_REASONS, NO_COMPUTATIONS_REASONS } from '../../../../main/engine/ct600/codes.js';
import { formatSize } from '../../format/index.js';
import { Meter } from '../../components/Progress.js';
import { FormField } from './FormField.js';
import { useWizard } from './wizard-context.js';
import { useAttachmentFindings } from './AttachmentFindings.js';
import { AttachedFiles, attachmentsBase64 } from './AttachedFiles.js';

const ACCOUNTS_REASON_WORDS: Record<string, string> = {
  'PoA differs from AP-a/cs with sep rtn': 'The accounts cover a different period and go with another return',
  'Company in liquidation': 'The company is in liquidation',
  'Not within charge to CT': 'The company is not within the charge to corporation tax',
  'Company dormant': 'The company is dormant',
  'Amendment - a/cs already submitted': 'This is an amended return and the accounts were already sent',
  'Other - PDF attached with explanation': 'Another reason, explained in an attached PDF',
  'PDF accounts attached with explanation': 'The accounts are attached as a PDF, with an explanation',
};
const COMPUTATIONS_REASON_WORDS: Record<string, string> = {
  'PoA differs from AP-comp with sep rtn': 'The computations cover a different period and go with another return',
  'Company in liquidation': 'The company is in liquidation',
  'Not within charge to CT': 'The company is not within the charge to corporation tax',
  'Company dormant': 'The company is dormant',
  'Amendment - comps already submitted': 'This is an amended return and the computations were already sent',
  'Other - PDF attached with explanation': 'Another reason, explained in an attached PDF',
};
const reasonOptions = (codes: readonly string[], words: Record<string, string>) =>
  codes.map((c) => ({ value: c, label: `${words[c] ?? c} (HMRC: “${c}”)` }));


export function AttachmentsStep() {
  const ctx = useWizard();
  const findings = useAttachmentFindings(ctx);
  const used = attachmentsBase64(ctx.draft.attachments);
  const v = ctx.form.values;
  return (
    <>
      <Meter
        label="Attachments, as sent to HMRC"
        value={used}
        max={MAX_CT600_ATTACHMENTS_BASE64_BYTES}
        valueText={`${formatSize(used)} of ${describeLimit(MAX_CT600_ATTACHMENTS_BASE64_BYTES)}`}
      />
      <section className="step-section" aria-labelledby="accounts-heading">
        <h3 id="accounts-heading">Accounts</h3>
        <FormField
          id="accountsChoice"
          asRadios
          options={[
            { value: 'ThisPeriodAccounts', label: 'Attach the accounts for this period (box 80A)' },
            { value: 'DifferentPeriod', label: 'The accounts are for a different period (box 85A)' },
            { value: 'NoAccountsReason', label: 'There are no accounts: give the reason (box 90A)' },
          ]}
        />
        {v.accountsChoice === 'NoAccountsReason' ? (
          <FormField id="noAccountsReason" options={reasonOptions(NO_ACCOUNTS_REASONS, ACCOUNTS_REASON_WORDS)} />
        ) : (
          <AttachedFiles role="accounts" title="accounts" findings={findings} />
        )}
      </section>
      <section className="step-section" aria-labelledby="computations-heading">
        <h3 id="computations-heading">Tax computations</h3>
        <FormField
          id="computationsChoice"
          asRadios
          options={[
            { value: 'ThisPeriodComputations', label: 'Attach the computations for this period (box 80B)' },
            { value: 'DifferentPeriod', label: 'The computations are for a different period (box 85B)' },
            { value: 'NoComputationsReason', label: 'There are no computations: give the reason (box 90B)' },
          ]}
        />
        {v.computationsChoice === 'NoComputationsReason' ? (
          <FormField id="noComputationsReason" options={reasonOptions(NO_COMPUTATIONS_REASONS, COMPUTATIONS_REASON_WORDS)} />
        ) : (
          <AttachedFiles role="computations" title="computations" findings={findings} />
        )}
      </section>
    </>
  );
}
