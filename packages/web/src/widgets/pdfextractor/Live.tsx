import { extractionRunsActions, MAX_PDF_EXTRACT_BYTES, pdfTemplateCalls } from '@rakit/core';
import { FileInput, Loader, Table, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useContext, useRef, useState } from 'react';
import { actionsOfComponent } from '../../actions/config-of';
import { runButtonActions } from '../../actions/run-chain';
import { usePageActionScope } from '../../actions/use-action-runtime';
import { ApiUnreachableError, firstError } from '../../api/request';
import { CurrentAppContext } from '../../current-app/app-context';
import { notify } from '../../components/notify';
import { t } from '../../i18n/i18n';
import { useT } from '../../i18n/LanguageProvider';
import type { WidgetLiveProps } from '../types';
import { mappedFields, templateIdOf } from './mapped';
import { fileForm } from '../../api/client';

/** The PDF extractor's notices last 2 s (spec 3 §4). */
const NOTICE_MS = 2000;
const notifySuccess = (message: string) => notify({ message, color: 'green', autoClose: NOTICE_MS, withBorder: true });
/** Every failure notice says so first (spec 3 §4: 'Failed !'). */
const notifyFailure = (message: string) => notify({
  message: t('formwidgets.pdfextractor.failed', { detail: message }), color: 'red', autoClose: NOTICE_MS, withBorder: true,
});

/**
 * The PDF extractor at runtime (spec 3 §2, §4, §5; issue 14): a file picker showing the file's
 * name or 'No file selected'. A file of 1,024,000 bytes or more is refused and cleared; another
 * is sent to POST /file/extractTemplate/{templateId}, its values shown, and the widget's
 * actions run with them (each field's value under its name) when more than 10 % of the mapped
 * fields have one. In the editor nothing is sent.
 */
export function PdfextractorLive({ component, mode }: WidgetLiveProps<'pdfextractor'>) {
  const translate = useT();
  const current = useContext(CurrentAppContext);
  const scope = usePageActionScope(component);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const running = useRef(false);
  const templateId = templateIdOf(component);

  async function choose(chosen: File | null) {
    setValues(null);
    if (chosen === null) return setFile(null);
    if (chosen.size >= MAX_PDF_EXTRACT_BYTES) {
      setFile(null);
      notifyFailure(t('formwidgets.pdfextractor.tooLarge'));
      return;
    }
    setFile(chosen);
    if (mode !== 'preview' || current === null || running.current) return;
    if (templateId === null) return notifyFailure(t('formwidgets.pdfextractor.noTemplate'));
    running.current = true;
    setBusy(true);
    try {
      const answer = await current.api.call(pdfTemplateCalls.extractTemplate, { params: { id: templateId } }, { form: fileForm(chosen) });
      if (!answer.status || answer.data === undefined) return notifyFailure(firstError(answer, `HTTP ${answer.httpStatus}`));
      const extracted = answer.data;
      setValues(extracted);
      const mapped = mappedFields(component);
      if (!extractionRunsActions(mapped, extracted)) return notifyFailure(t('formwidgets.pdfextractor.tooFew'));
      notifySuccess(t('formwidgets.pdfextractor.read'));
      const actions = actionsOfComponent(component);
      if (actions.length > 0 && scope !== null) {
        await runButtonActions(actions, { ...scope.runtime(extracted), validateAll: () => [], notifySuccess, notifyFailure });
      }
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      notifyFailure(t('formwidgets.common.noAnswer'));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  const entries = values === null ? [] : Object.entries(values);
  return (
    <div>
      <FileInput
        label={component.title === '' ? translate('formwidgets.pdfextractor.defaultLabel') : component.title}
        placeholder={translate('formwidgets.pdfextractor.noFile')}
        accept="application/pdf,.pdf"
        value={file}
        onChange={(chosen) => void choose(chosen)}
        clearable={!busy}
        readOnly={busy}
        leftSection={busy ? <Loader size={16} /> : <IconFileTypePdf size={16} />}
        aria-busy={busy}
      />
      {entries.length > 0 ? (
        <Table mt="xs" withTableBorder data-testid="pdf-extracted">
          <Table.Tbody>
            {entries.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th w="35%">{name}</Table.Th>
                <Table.Td>{value === '' ? <Text size="sm" c="dimmed">{translate('formwidgets.pdfextractor.notFound')}</Text> : value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </div>
  );
}
