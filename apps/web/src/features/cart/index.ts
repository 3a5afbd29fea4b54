/** The cart feature as other features and root.tsx see it. */
export { CartProvider } from './cart-provider';
export {
  CartActionsContext,
  CartCountContext,
  OpenOrderContext,
  useCartActions,
  useCartCount,
  useOpenOrder,
} from './cart-slots';
export type { CartActions } from './cart-slots';
export { useAddButton } from './use-add-button';
