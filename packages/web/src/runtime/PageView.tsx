import { Alert, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isAdminInApp, nameIn, parsePageComponents, truncateTitle } from '@rakit/core';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { FirstReveal } from '../components/first-reveal';
import { useCurrentApp } from '../current-app/app-context';
import { useLanguage, useT } from '../i18n/LanguageProvider';
import { useSession } from '../session/session-context';
import { PageFormProvider } from '../page-state/form-state';
import { EditModeSwitch, PageHeading } from './PageHeading';
import { PageRenderer } from '../widgets/PageRenderer';
import { useRuntimePage } from './use-runtime-page';
import { loadBuilderTexts } from '../i18n/i18n';

// The editor's parts come with the edit mode, when an administrator switches it on.
const RuntimeEditMode = lazy(async () => {
  const [{ RuntimeEditMode: component }] = await Promise.all([import('./RuntimeEditMode'), loadBuilderTexts()]);
  return { default: component };
});

interface PageViewProps {
  pageSlug: string;
  /** Preview window: titles cut to 10 characters on small screens (spec 1 §9). */
  preview: boolean;
  /** Edit mode has started or ended (the viewer folds its sidebar away while it lasts). */
  onEditModeChange?: (editing: boolean) => void;
}

/** One page of the application, its components live (preview mode); administrators may edit it in place. Memoized: the shell around it renders again while the page starts (issue 42). */
export const PageView = memo(function PageView({ pageSlug, preview, onEditModeChange }: PageViewProps) {
  const t = useT();
  const { language } = useLanguage();
  const { app } = useCurrentApp();
  const { user } = useSession();
  const small = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState(false);
  const { queryKey, pending: loading, answer, found: loaded } = useRuntimePage(pageSlug);
  // The page's components render deferred: that render yields to the browser (issue 42).
  const found = useDeferredValue(loaded);
  const pending = loading || (loaded !== undefined && found === undefined);
  // Parsed once per loaded page: the form state below keeps its values across renders.
  const parsed = useMemo(() => (found === undefined ? undefined : parsePageComponents(found.pageComponents)), [found]);
  // Spec 1 screen 11: the edit mode with SAVE, for the application's administrators (the
  // server refuses anyone else's save); never in the preview window.
  const mayEdit = !preview && isAdminInApp(user.userGroup, app) && parsed?.ok === true;
  const editingNow = mayEdit && editing;
  useEffect(() => onEditModeChange?.(editingNow), [editingNow, onEditModeChange]);
  // Leaving the page (another menu entry) ends its edit mode.
  useEffect(() => () => onEditModeChange?.(false), [onEditModeChange]);
  if (pending) return <Loader role="status" aria-label={t('shell.loadingPage')} />;
  if (found === undefined || parsed === undefined) {
    // Spec 1 §8: a failed page load shows an empty page; we say why.
    const reason = answer?.httpStatus === 403 ? t('shell.runtime.pageForbidden') : t('shell.runtime.pageFailed');
    return <Alert color="gray" title={t('shell.runtime.pageUnavailable')}>{reason}</Alert>;
  }
  // The author's title, or his translation into the reader's catalog.
  const shownName = nameIn(found.pageName, found.nameTranslations, language);
  const title = preview && small === true ? truncateTitle(shownName) : shownName;
  if (editingNow && parsed.ok) {
    return (
      <Suspense fallback={<Loader role="status" aria-label={t('shell.runtime.loadingEditor')} />}>
        <RuntimeEditMode
          page={{ pageId: found.pageId, pageName: found.pageName, pageSlug: found.pageSlug }}
          title={title}
          saved={parsed.components}
          savedRevision={found.revision}
          pageQueryKey={queryKey}
          onExit={() => setEditing(false)}
        />
      </Suspense>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeading title={title}>{mayEdit && <EditModeSwitch checked={false} onChange={setEditing} />}</PageHeading>
      {parsed.ok ? (
        <FirstReveal>
          <PageFormProvider components={parsed.components} mode="preview" pageId={found.pageId}>
            <PageRenderer components={parsed.components} mode="preview" />
          </PageFormProvider>
        </FirstReveal>
      ) : <Alert color="red">{parsed.error}</Alert>}
    </Stack>
  );
});
