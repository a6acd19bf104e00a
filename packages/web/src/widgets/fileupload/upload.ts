import { fileCalls, type FileFilter } from '@rakit/core';
import { ApiUnreachableError, callApi, firstError } from '../../api/request';
import { t } from '../../i18n/i18n';

export type UploadResult = { ok: true; fileId: string; fileName: string } | { ok: false; error: string };

/**
 * Sends one file as multipart field 'file' (POST /file/upload), with the application's id in the
 * app-id header, on behalf of the user signed in to the application.
 */
export async function uploadFile(file: File, app: { appId: number; appSlug: string }, filter: FileFilter): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  try {
    // The server checks the file's bytes against the same filter.
    const answer = await callApi(fileCalls.uploadFile, { headers: { 'app-id': app.appId }, query: { filter } }, app.appSlug, form);
    const stored = answer.data?.[0];
    if (stored === undefined) return { ok: false, error: firstError(answer, t('uploadFailed')) };
    return { ok: true, fileId: stored.fileId, fileName: stored.fileName };
  } catch (error) {
    if (!(error instanceof ApiUnreachableError)) throw error;
    return { ok: false, error: t('uploadFailed') };
  }
}
