import type { Route } from './+types/smart-ivr-page';
import { smartIvr } from './product-content';
import { ProductPage, productMeta } from './product-page';

export const meta: Route.MetaFunction = () => productMeta(smartIvr);

export default function SmartIvrPage() {
  return <ProductPage product={smartIvr} />;
}
