import { useTranslation } from '../../i18n/react';
import { UsersDialog } from '../profile/UsersDialog';

/**
 * Who liked a post (GET /api/post/likes/{id}), newest like first, 30 a page, each with a follow button:
 * the followers lists' sheet. Logged-in viewers only (posts/README.md "Who liked").
 */
export function LikersSheet({ postId, locale, onClose }: { postId: number; locale: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <UsersDialog
      open
      onClose={onClose}
      title={t('manage.likedBy')}
      source={`/api/post/likes/${postId}`}
      locale={locale}
      empty={t('manage.noLikes')}
    />
  );
}
