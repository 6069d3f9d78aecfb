import { AccountMenu } from '../account/AccountMenu';
import { NotificationBell } from '../notifications/NotificationBell';

/** The top bar's end for the signed in: the notification bell and the account menu. */
export function SignedInCorner() {
  return (
    <>
      <NotificationBell />
      <AccountMenu />
    </>
  );
}
