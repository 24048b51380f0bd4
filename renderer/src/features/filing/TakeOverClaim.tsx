import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * Another Filing Desk holds this return's claim: main's words say who (the
 * computer, the PID, since when). The user may take it over, but only after
 * saying, in a dialog, that the other desk is surely not running: two desks
 * filing at once could file the return twice. "Cancel" is the first button,
 * so Enter does the safe thing.
 */
export function TakeOverClaim({ heldBy, onTakeOver }: { heldBy: string; onTakeOver(): void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="confirm-box" data-testid="claim-held">
      <p>{heldBy}</p>
      <div className="button-row">
        <button type="button" className="button button--warning" onClick={() => setAsking(true)}>
          Take over and file
        </button>
      </div>
      <ModalOverlay className="modal-overlay" isOpen={asking} isDismissable onOpenChange={setAsking}>
        <Modal className="modal">
          <Dialog role="alertdialog" className="modal__dialog" aria-describedby="take-over-why">
            <Heading slot="title" className="modal__title">
              Take over filing this return?
            </Heading>
            <div id="take-over-why">
              <p>{heldBy.split(' is filing this return')[0]} is filing this return.</p>
              <p>
                Take over only when you are sure that Filing Desk is not running: closed, or on a computer that is switched off. If it is still running, both would file the return, and HMRC could receive it twice.
              </p>
            </div>
            <p className="button-row">
              <button type="button" className="button button--primary" autoFocus onClick={() => setAsking(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="button button--warning"
                onClick={() => {
                  setAsking(false);
                  onTakeOver();
                }}
              >
                It is not running: take over and file
              </button>
            </p>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
