import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ValidationMessage } from '../../../../preload/contract.js';
import { ratesInText, ruleWords } from '../../format/index.js';

const boxOf = (m: ValidationMessage) => m.attributes.find((a) => a.name === 'box')?.value;

/**
 * Asked before saving a return HMRC's rules would reject: a bookkeeper may
 * need the file (to look at it, to send it to a colleague), but never saves
 * one by mistake. Each failing rule is named by HMRC's number and in words.
 * "Go back and fix" is the first button, so Enter does the safe thing.
 */
export function SaveRejectedReturn({
  isOpen,
  rejections,
  onFix,
  onSave,
  onCancel,
}: {
  isOpen: boolean;
  rejections: ValidationMessage[];
  onFix(): void;
  onSave(): void;
  onCancel(): void;
}) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} isDismissable onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Modal className="modal">
        <Dialog role="alertdialog" className="modal__dialog" aria-describedby="save-rejected-why">
          <Heading slot="title" className="modal__title">
            Save a return HMRC would reject?
          </Heading>
          <p id="save-rejected-why">
            HMRC would reject this return as it is: it breaks {rejections.length === 1 ? 'this rule' : `these ${rejections.length} rules`}.
          </p>
          <ul className="modal__rules" data-testid="rejected-rules">
            {rejections.map((m, i) => (
              <li key={i}>
                HMRC rule {m.code}
                {boxOf(m) ? ` (box ${boxOf(m)})` : ''}: {ratesInText(ruleWords(m))}
              </li>
            ))}
          </ul>
          <p className="button-row">
            <button type="button" className="button button--primary" autoFocus onClick={onFix}>
              Go back and fix
            </button>
            <button type="button" className="button button--warning" onClick={onSave}>
              Save anyway
            </button>
          </p>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
