import { Link } from 'react-router-dom';
import Coins from 'lucide-react/icons/coins';
import Sparkles from 'lucide-react/icons/sparkles';
import Shirt from 'lucide-react/icons/shirt';
import Palette from 'lucide-react/icons/palette';
import { formatCredits } from '../../../../../shared/domain/plans';
import { isCreatorRole } from '../../../../../shared/domain/roles';
import { greetingName } from '../../../../../shared/domain/user-display';
import { buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentUser } from '../../auth/api/current-user';

/**
 * /dashboard (spec 01 section 2), first cut: the greeting, Credits Available and Quick Actions.
 * Total Generations, Recent Activity and the three lists arrive with the generations and catalog work.
 */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  useDocumentTitle('Dashboard');
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl" data-testid="dashboard-heading">
        Welcome back, {greetingName(user)}
      </h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Credits Available</CardTitle>
            <Coins className="h-5 w-5 text-brand" aria-hidden="true" />
          </CardHeader>
          <CardContent className="flex items-end justify-between gap-4">
            <p className="text-3xl font-bold" data-testid="dashboard-credits">
              {formatCredits(user.credits, user.hasUnlimitedCredits)}
            </p>
            <Link to="/subscription" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Get More
            </Link>
          </CardContent>
        </Card>
        <Card className="sm:col-span-1 lg:col-span-2">
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Link to="/explore" className={buttonClasses()}>
              <Sparkles className="h-4 w-4" aria-hidden="true" />
              Create New Look
            </Link>
            <Link to="/try-custom-look" className={buttonClasses({ variant: 'outline' })}>
              <Shirt className="h-4 w-4" aria-hidden="true" />
              Try Custom Look
            </Link>
            {isCreatorRole(user) ? (
              <Link to="/admin/styles" className={buttonClasses({ variant: 'outline' })}>
                <Palette className="h-4 w-4" aria-hidden="true" />
                Create Style
              </Link>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
