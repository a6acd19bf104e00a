import { Button } from '@mantine/core';
import { notify } from '../components/notify';
import { t } from '../i18n/i18n';

const UPDATE_NOTICE_ID = 'rakit-update';
/** The worker tells of a waiting version more than once (installed, waiting): one notice. */
let shown = false;

/**
 * Tells that a new version is ready (issue 38): a new service worker waits, and takes over only
 * when the person chooses Reload (`activate` lets it take over and reloads the page), so no page
 * runs on code of two versions. The notice stays until then.
 */
export function showUpdateNotice(activate: () => void): void {
  if (shown) return;
  shown = true;
  notify({
    id: UPDATE_NOTICE_ID,
    title: t('shell.update.ready'),
    message: <Button mt={6} size="xs" onClick={activate}>{t('shell.update.reload')}</Button>,
    color: 'blue',
    withBorder: true,
    autoClose: false,
  });
}
