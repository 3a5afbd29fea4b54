import type { Route } from './+types/whatsapp-page';
import { whatsapp } from './product-content';
import { ProductPage, productMeta } from './product-page';

export const meta: Route.MetaFunction = () => productMeta(whatsapp);

export default function WhatsappPage() {
  return <ProductPage product={whatsapp} />;
}
