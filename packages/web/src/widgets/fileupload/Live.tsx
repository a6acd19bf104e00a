import { FILE_ACCEPT, fileMatchesFilter, isFileTooLarge, type MessageKey } from '@rakit/core';
import { FileInput, Loader } from '@mantine/core';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { fieldFrame, placeholderOf, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';
import { uploadFile } from './upload';

type Upload = { state: 'idle' } | { state: 'uploading'; file: File } | { state: 'done'; file: File; fileName: string };

/**
 * A file chooser that uploads at once (spec 2 §2, §5): files of 2,048,000 bytes or more, or
 * outside the type filter, are refused before sending; while POST /file/upload runs it shows a
 * loader; on success its value (realValue) is the returned fileId and the file's name is shown.
 * In the editor (design mode) nothing is uploaded.
 */
export function FileuploadLive({ component, mode }: WidgetLiveProps<'fileupload'>) {
  const t = useT();
  const binding = useFieldBinding(component);
  const current = useContext(CurrentAppContext);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [refusal, setRefusal] = useState<MessageKey | null>(null);
  const filter = component.options;
  const frame = fieldFrame(component, binding);
  const stored = valueText(binding.value);

  async function choose(file: File | null) {
    setRefusal(null);
    if (file === null) {
      setUpload({ state: 'idle' });
      binding.setValue('');
      return;
    }
    if (isFileTooLarge(file.size)) return setRefusal('formwidgets.fileupload.tooLarge');
    if (!fileMatchesFilter(filter, file.type, file.name)) return setRefusal('fileTypeRefused');
    if (current === null) return notifyFailure(t('uploadFailed'));
    const before = upload;
    setUpload({ state: 'uploading', file });
    const result = await uploadFile(file, current.app, filter);
    if (!result.ok) {
      // The file uploaded before (if any) stays the field's value.
      setUpload(before);
      notifyFailure(result.error);
      return;
    }
    setUpload({ state: 'done', file, fileName: result.fileName });
    binding.setValue(result.fileId);
    binding.touch();
  }

  const uploading = upload.state === 'uploading';
  const description = upload.state === 'done'
    ? t('formwidgets.fileupload.uploaded', { name: upload.fileName })
    : uploading ? t('formwidgets.fileupload.uploading') : stored !== '' ? t('formwidgets.fileupload.stored', { id: stored }) : undefined;
  return (
    <FileInput
      {...frame}
      error={uploading ? null : (refusal === null ? null : t(refusal)) ?? frame.error}
      description={description}
      placeholder={placeholderOf(component) ?? t('formwidgets.fileupload.placeholder')}
      accept={FILE_ACCEPT[filter] === '' ? undefined : FILE_ACCEPT[filter]}
      value={upload.state === 'idle' ? null : upload.file}
      onChange={(file) => void choose(file)}
      readOnly={mode === 'design' || uploading}
      clearable={!uploading}
      leftSection={uploading ? <Loader size={16} /> : upload.state === 'done' ? <IconCircleCheck size={16} color="var(--mantine-color-green-7)" /> : <IconUpload size={16} />}
      aria-busy={uploading}
    />
  );
}
