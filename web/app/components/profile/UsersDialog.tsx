import { Dialog } from '../dialogs/Dialog';
import { UserList } from './UserList';

interface UsersDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: string;
  /** GET /api/user/{id}/followers or /following. */
  readonly source: string;
  readonly locale: string;
  readonly empty: string;
  readonly onError?: (text: string) => void;
}

/** Spec §2's `users` dialog: a list of people (followers, followees) over the current page. */
export function UsersDialog({ open, onClose, title, source, locale, empty, onError }: UsersDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <UserList source={source} locale={locale} empty={empty} onError={onError} />
    </Dialog>
  );
}
