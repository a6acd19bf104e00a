import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useT } from '../i18n/LanguageProvider';
import { ComponentList } from './ComponentList';
import { selectComponents, useEditor } from '../state/editor-store';

interface BoardProps {
  loading: boolean;
  error: Error | null;
  /** The runtime edit mode: no frame of its own, so its components are laid out on the page's width. */
  asPage?: boolean;
}

/** The page being designed: 'No Page Selected' until a page is chosen, then its components. */
export function Board({ loading, error, asPage = false }: BoardProps) {
  const t = useT();
  const page = useEditor((state) => state.page);
  const components = useEditor(selectComponents);
  const preview = useEditor((state) => state.preview);

  if (page === null) {
    return (
      <Paper withBorder radius="md" p="xl" mih="55vh" data-testid="editor-board">
        <Center mih="45vh">
          {loading ? <Loader role="status" aria-label={t('editor.board.loadingPage')} /> : (
            <Stack align="center" gap="xs" c="dimmed">
              <IconFileOff size={40} stroke={1.3} />
              <Text fw={600} size="lg">{t('editor.board.noPage')}</Text>
              <Text size="sm">{t('editor.board.noPageHint')}</Text>
              {error !== null && <Alert color="red" mt="sm">{error.message}</Alert>}
            </Stack>
          )}
        </Center>
      </Paper>
    );
  }

  return (
    <Paper
      component="section"
      aria-label={t('editor.board.label')}
      withBorder={!asPage}
      radius="md"
      p={asPage ? 0 : 'md'}
      bg={asPage ? 'transparent' : undefined}
      data-testid="editor-board"
      aria-busy={loading}
    >
      {components.length === 0 && !preview && (
        <Text c="dimmed" ta="center" size="sm" mb="sm">
          {t('editor.board.empty')}
        </Text>
      )}
      <ComponentList parentId={null} items={components} preview={preview} />
    </Paper>
  );
}
