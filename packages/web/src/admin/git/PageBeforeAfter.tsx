import { Alert, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { type FileChange, parsePageComponents } from '@rakit/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { PageFormProvider } from '../../page-state/form-state';
import { PageRenderer } from '../../widgets/PageRenderer';

type Drawing = NonNullable<FileChange['drawing']>;

/** One side of a page's change, drawn as members would see it (the widgets' preview faces: nothing runs). */
function PageSide({ label, components: text }: { label: string; components: string | null }) {
  const t = useT();
  const read = useMemo(() => (text === null ? null : parsePageComponents(text)), [text]);
  return (
    <Paper withBorder radius="md" p="sm" component="figure" m={0} aria-label={label} data-testid="page-side">
      <Title order={4} size="h6" mb="xs" component="figcaption">{label}</Title>
      {read === null ? <Text size="sm" c="dimmed">{t('admin.git.drawNoPage')}</Text>
        : !read.ok ? <Alert color="yellow">{t('editor.history.unreadable', { error: read.error })}</Alert>
          : read.components.length === 0 ? <Text size="sm" c="dimmed">{t('editor.history.versionEmpty')}</Text>
            : (
              // A picture of the page: out of the way of the keyboard and screen readers (the tables above say the changes in words).
              <div inert>
                <PageFormProvider components={read.components} mode="preview">
                  <PageRenderer components={read.components} mode="preview" />
                </PageFormProvider>
              </div>
            )}
    </Paper>
  );
}

/**
 * A page before and after a pull or a promotion (issue 39), side by side (one above the other
 * on a phone): what the property tables say, as the page's members would see it.
 */
export function PageBeforeAfter({ drawing }: { drawing: Drawing }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <PageSide label={t('admin.git.drawBefore')} components={drawing.before} />
      <PageSide label={t('admin.git.drawAfter')} components={drawing.after} />
    </SimpleGrid>
  );
}
