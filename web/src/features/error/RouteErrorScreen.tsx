import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen';
import { errorDetailsEnabled } from './flags';

/** The router's error element: same screen; 'Erneut versuchen' navigates to the same place again. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ErrorScreen
      error={error}
      showDetails={errorDetailsEnabled()}
      onRetry={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: location.state })}
    />
  );
}
