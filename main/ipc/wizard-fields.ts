/**
 * The wizard field a CT600 box is entered in, from the wizard's own table, so
 * an HMRC rejection links to the same field a local validation message does.
 */
import { fieldOfBox } from '../../common/ct600/fields.js';
import type { FieldOfBox } from '../filing/submission-view.js';

export const wizardFieldOfBox: FieldOfBox = (box) => fieldOfBox(box)?.id ?? null;
