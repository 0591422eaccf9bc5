import { Navigate, useLocation } from 'react-router-dom';
import { currentPath, signInPath } from '../../../lib/return-to';

/**
 * A signed-in-only page opened by a visitor (a shared link, "Become a Creator", an expired session): the
 * sign-in page, which brings them back here afterwards (and through sign-up too).
 */
export default function SignInRequiredPage() {
  const location = useLocation();
  return <Navigate to={signInPath(currentPath(location))} replace />;
}
