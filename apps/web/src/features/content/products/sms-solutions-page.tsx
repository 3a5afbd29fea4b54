import type { Route } from './+types/sms-solutions-page';
import { smsSolutions } from './product-content';
import { ProductPage, productMeta } from './product-page';

export const meta: Route.MetaFunction = () => productMeta(smsSolutions);

export default function SmsSolutionsPage() {
  return <ProductPage product={smsSolutions} />;
}
