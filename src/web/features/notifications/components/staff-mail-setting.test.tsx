import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { StaffMailSetting } from './staff-mail-setting';

const server = setupMswServer();
const email = 'boss@example.com';
const label = 'Email me about orders, quotes, stock and imports';

/** The admin's staff-mail choice on the server: GET reads it, PUT changes it (or fails with `putStatus`). */
function useSettingApi(initially = true, putStatus = 200, listedInConfig = false) {
  const bodies: unknown[] = [];
  let staffMail = initially;
  server.use(
    http.get('/api/notifications/:email', ({ params }) =>
      HttpResponse.json({ email: String(params.email), staffMail, listedInConfig }),
    ),
    http.put('/api/notifications/:email', async ({ request, params }) => {
      const body = (await request.json()) as { staffMail: boolean };
      bodies.push({ email: String(params.email), ...body });
      if (putStatus !== 200)
        return HttpResponse.json(
          { error: 'forbidden', message: 'You can only see and change your own notification settings.' },
          { status: putStatus },
        );
      staffMail = body.staffMail;
      return HttpResponse.json({ email: String(params.email), staffMail, listedInConfig });
    }),
  );
  return bodies;
}

describe('StaffMailSetting', () => {
  it('shows the choice under its label, saves a change at once and confirms it', async () => {
    const bodies = useSettingApi(true);
    const { user } = renderWithProviders(<StaffMailSetting email={email} />);
    const toggle = await screen.findByRole('checkbox', { name: label });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(/Saved: you will no longer be emailed/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: label }));
    expect(await screen.findByText(/Saved: you will be emailed about orders/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: label })).toBeChecked());
    expect(bodies).toEqual([
      { email, staffMail: false },
      { email, staffMail: true },
    ]);
  });

  it("shows the server's refusal and keeps the saved choice", async () => {
    useSettingApi(false, 403);
    const { user } = renderWithProviders(<StaffMailSetting email={email} />);
    const toggle = await screen.findByRole('checkbox', { name: label });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only see and change your own');
    expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
    expect(screen.queryByText(/Saved:/)).not.toBeInTheDocument();
  });

  it('says when the address is mailed anyway by the shop’s staff list', async () => {
    useSettingApi(true, 200, true);
    renderWithProviders(<StaffMailSetting email={email} />);
    expect(await screen.findByText(/also on the shop's staff mailing list/)).toBeInTheDocument();
  });
});
