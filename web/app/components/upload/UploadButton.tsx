import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { loginHref } from '../../lib/navigation';
import { useRootData } from '../../lib/root-data';
import { OutlineIcon } from '../layout/icons';
import { newPostPath, storePendingFiles } from './pending-upload';
import styles from './UploadButton.module.css';

function UploadIcon() {
  return (
    <OutlineIcon size={22}>
      <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5" />
      <path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
    </OutlineIcon>
  );
}

/**
 * "Upload" in the top bar and the side menu: opens the file chooser and, once files are chosen, keeps them
 * pending and goes to /new-post (with `mobile` on narrow windows), whose composer checks them. Visitors
 * are sent to log in first. Kept tiny: the composer itself loads with the new-post route.
 */
export function UploadButton({ placement }: { placement: 'top' | 'menu' }) {
  const { t } = useTranslation();
  const signedIn = useRootData()?.signedIn ?? false;
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const className = placement === 'top' ? styles.top : styles.menu;

  if (!signedIn) {
    return (
      <Link to={loginHref('/new-post', '')} className={className}>
        <UploadIcon />
        <span>{t('upload.open')}</span>
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()}>
        <UploadIcon />
        <span>{t('upload.open')}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept="video/*,image/*"
        multiple
        hidden
        data-testid={`upload-chooser-${placement}`}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length === 0) return;
          storePendingFiles(files);
          void navigate(newPostPath(window.innerWidth));
        }}
      />
    </>
  );
}
