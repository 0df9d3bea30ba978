import { isSelectedProductValid, type SelectedProductValue } from '@zview/contracts';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/session';
import { useSelectedProduct } from './selectedProduct';
import { ScoresView } from './ScoresView';

/**
 * Home, /scores and /scores/{activeProduct}. The product in the path wins and is remembered as
 * the user-selected product; without one the remembered choice (or 'summary') is shown. A product
 * the organisation lacks goes back to /scores.
 */
export default function ScoresPage() {
  const { activeProduct } = useParams();
  const { enabledFeatures } = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [selected, select] = useSelectedProduct(enabledFeatures);
  const fromPath =
    activeProduct && isSelectedProductValid(activeProduct, enabledFeatures)
      ? (activeProduct as SelectedProductValue)
      : null;

  useEffect(() => {
    if (fromPath && fromPath !== selected) select(fromPath);
  }, [fromPath, selected, select]);

  if (activeProduct && !fromPath) return <Navigate to={`/scores${search}`} replace />;

  return (
    <ScoresView
      selection={fromPath ?? selected}
      onSelect={(value) => {
        select(value);
        void navigate(`/scores/${value}${search}`);
      }}
    />
  );
}
