import type { ApiBody, ApiData } from '../../lib/api-types';

/** The cart calls' types (spec §7), as the API's schemas give them (amounts in rupees). */

/** What the cart keeps of a number: the product POST /cart/add answers (a NumberItem). */
export type CartProduct = ApiData<'/cart/add/{productId}', 'post'>['product'];
export type ServerCart = ApiData<'/cart', 'get'>;
export type SyncResult = ApiData<'/cart/sync', 'post'>;
export type ValidationResult = ApiData<'/cart/validate', 'post'>['validationResults'][number];
/** What the sync and validate calls take per item. */
export type CartItemPayload = NonNullable<ApiBody<'/cart/validate', 'post'>['items']>[number];
/** What the sync takes per item: the guest's price first added at too (decision 0093). */
export type SyncItemPayload = ApiBody<'/cart/sync', 'post'>['items'][number];
