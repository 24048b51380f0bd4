/**
 * Offers the attached accounts' turnover, profit before tax and depreciation
 * as the Computation step's starting figures, once for each accounts file:
 * read in main, put into the fields not typed over (see accounts-offer.ts).
 */
import { useEffect } from 'react';
import { offerAccountsFigures } from './accounts-offer.js';
import { useWizard } from './wizard-context.js';

export function useAccountsFigures(): void {
  const ctx = useWizard();
  const accounts = ctx.draft.attachments.find((a) => a.role === 'accounts' && a.hasInlineXbrlHeader);
  const offeredFrom = ctx.form.accountsFigures?.sha256;
  const wanted = accounts && accounts.sha256 !== offeredFrom ? accounts.sha256 : null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void ctx.bridge.accountsFigures({ draftId: ctx.draftId }).then((r) => {
      if (!live || !r.ok || !r.value || r.value.sha256 !== wanted) return;
      const read = r.value;
      ctx.update((f) => (f.accountsFigures?.sha256 === read.sha256 ? f : offerAccountsFigures(f, read)));
    });
    return () => {
      live = false;
    };
    // The file's hash stands for the figures: nothing else asks main again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, ctx.draftId]);
}
