import { ProductPage, productMeta } from './product-page';
import { whatsapp } from './product-content';
import type { Route } from './+types/whatsapp-page';

export const meta: Route.MetaFunction = () => productMeta(whatsapp);

export default function WhatsappPage() {
  return <ProductPage product={whatsapp} />;
}
