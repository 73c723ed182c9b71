import { useId, useState } from 'react';
import { staffMailLabel } from '@shared/notifications/notifications.schema';
import { ErrorState } from '@/components/ui/error-state';
import { FormError } from '@/components/ui/error-text';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useSetStaffMail, useStaffMail } from '../api/staff-mail';

/**
 * An admin's "Email me about orders, quotes, stock and imports" switch (decision 034). Each change is saved at once
 * and confirmed beside the switch (and in a toast), so nobody wonders whether a Save button was needed.
 */
export function StaffMailSetting({ email }: { email: string }) {
  const id = useId();
  const setting = useStaffMail(email);
  const save = useSetStaffMail(email);
  const [saved, setSaved] = useState<string>();

  if (setting.isPending) return <Spinner label="Loading your notification settings" />;
  if (setting.isError)
    return (
      <ErrorState
        message={`We could not load your notification settings. ${setting.error.message}`}
        onRetry={() => void setting.refetch()}
      />
    );

  const change = (next: boolean) => {
    setSaved(undefined);
    save.mutate(next, {
      onSuccess: () => {
        const message = next
          ? 'Saved: you will be emailed about orders, quotes, stock and imports.'
          : 'Saved: you will no longer be emailed about orders, quotes, stock and imports.';
        setSaved(message);
        void notify('success', message);
      },
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="toggle toggle-primary"
          checked={save.isPending ? Boolean(save.variables) : setting.data.staffMail}
          disabled={save.isPending}
          onChange={(e) => change(e.target.checked)}
        />
        <span>{staffMailLabel}</span>
      </label>
      <p className="text-sm text-base-content/75">
        New paid orders and checkouts, quote requests, low stock, finished catalogue imports and refunds that
        failed.
      </p>
      {setting.data.listedInConfig && (
        <p className="text-sm">
          Your address is also on the shop&apos;s staff mailing list (set where the shop is run), so these
          mails reach you whatever you choose here.
        </p>
      )}
      <p role="status" className={saved ? 'text-sm font-medium text-success' : 'sr-only'}>
        {saved ?? ''}
      </p>
      <FormError message={save.error?.message} />
    </div>
  );
}
