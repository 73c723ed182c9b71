import { Link } from 'react-router';
import { WifiOff } from 'lucide-react';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <WifiOff aria-hidden="true" className="size-16 text-base-content/60" />
      <h1 className="text-4xl font-bold">Sorry</h1>
      <p className="text-lg text-base-content/75">
        It looks like you lost the connection: the page you are looking for does not exist or has moved.
      </p>
      <Link to={paths.home} className="btn btn-primary">
        Home
      </Link>
    </div>
  );
}
