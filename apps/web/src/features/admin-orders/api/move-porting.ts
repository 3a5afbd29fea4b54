import type { PortingStepBody } from '../staff-order-types';
import { postOrderChange, useOrderChange } from './order-change';

export interface PortingMove {
  numberId: number;
  step: PortingStepBody;
}

/** POST /admin/orders/{id}/numbers/{numberId}/porting: one number's next porting step. */
const movePorting = (orderId: string, move: PortingMove) =>
  postOrderChange(orderId, `/numbers/${move.numberId}/porting`, move.step);

export function useMovePorting(orderId: string) {
  return useOrderChange(orderId, (move: PortingMove) => movePorting(orderId, move));
}
