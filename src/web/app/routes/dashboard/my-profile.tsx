import { MyProfile } from '@/features/accounts/components/my-profile';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('My Profile');
  return <MyProfile />;
}
