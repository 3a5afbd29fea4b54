import type { StaffOrderItem } from '../staff-order-types';
import { postOrderChange, useOrderChange } from './order-change';

export interface PortingUndo {
  numberId: number;
  /** The step taken back, as the page shows it: the server refuses it if the number moved since. */
  step: Exclude<StaffOrderItem['porting']['status'], 'awaiting_upc'>;
  reason: string;
}

/** POST /admin/orders/{id}/numbers/{numberId}/porting/undo: the number's last step taken back. */
const undoPortingStep = (orderId: string, undo: PortingUndo) =>
  postOrderChange(orderId, `/numbers/${undo.numberId}/porting/undo`, {
    step: undo.step,
    reason: undo.reason,
  });

export function useUndoPortingStep(orderId: string) {
  return useOrderChange(orderId, (undo: PortingUndo) => undoPortingStep(orderId, undo));
}
