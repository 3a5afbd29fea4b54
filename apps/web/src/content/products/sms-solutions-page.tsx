import { ProductPage, productMeta } from './product-page';
import { smsSolutions } from './product-content';
import type { Route } from './+types/sms-solutions-page';

export const meta: Route.MetaFunction = () => productMeta(smsSolutions);

export default function SmsSolutionsPage() {
  return <ProductPage product={smsSolutions} />;
}
