import { postOrderChange, useOrderChange } from './order-change';

export interface PortingUndo {
  numberId: number;
  reason: string;
}

/** POST /admin/orders/{id}/numbers/{numberId}/porting/undo: the number's last step taken back. */
const undoPortingStep = (orderId: string, undo: PortingUndo) =>
  postOrderChange(orderId, `/numbers/${undo.numberId}/porting/undo`, { reason: undo.reason });

export function useUndoPortingStep(orderId: string) {
  return useOrderChange(orderId, (undo: PortingUndo) => undoPortingStep(orderId, undo));
}
