import { PRODUCT_DISPLAY_NAMES, type ProductKey } from '@zview/contracts';
import Button from '@mui/material/Button';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session';
import { ErrorBox } from '../../ui/ErrorBox';
import { ScoresView } from './ScoresView';

/** /zfire, /zproperty, /zwind, /zhail, /zstorm: one product in depth for the looked-up property. */
export function ProductPage({ product }: { product: ProductKey }) {
  const { enabledFeatures, activeOrganization } = useSession();
  if (!enabledFeatures.includes(product)) {
    return (
      <ErrorBox
        title={`${PRODUCT_DISPLAY_NAMES[product]} is not enabled`}
        messages={[
          `${activeOrganization?.name ?? 'Your organisation'} does not have ${PRODUCT_DISPLAY_NAMES[product]}. Please contact support to add it.`,
        ]}
        actions={
          <Button component={RouterLink} to="/scores" variant="outlined">
            Back to scores
          </Button>
        }
      />
    );
  }
  return <ScoresView selection={product} productPage />;
}

/** Route modules: `() => import('…/ProductPage').then((m) => ({ default: m.productPage('zfire') }))`. */
export function productPage(product: ProductKey): ComponentType {
  return function ProductRoute() {
    return <ProductPage product={product} />;
  };
}
