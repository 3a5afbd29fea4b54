import { ProductPage, productMeta } from './product-page';
import { smartIvr } from './product-content';
import type { Route } from './+types/smart-ivr-page';

export const meta: Route.MetaFunction = () => productMeta(smartIvr);

export default function SmartIvrPage() {
  return <ProductPage product={smartIvr} />;
}
