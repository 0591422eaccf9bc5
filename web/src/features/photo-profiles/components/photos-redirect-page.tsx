import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /photos: the old address of the profiles list; says so and forwards to /profiles (spec 02 section 2). */
export default function PhotosRedirectPage() {
  useDocumentTitle('Photo Profiles');
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/profiles', { replace: true });
  }, [navigate]);
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-4">
      <Spinner label="Redirecting" />
      <h1 className="text-lg font-medium text-muted-foreground">Redirecting to profiles...</h1>
    </div>
  );
}
