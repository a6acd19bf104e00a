import { Button, Text } from '@mantine/core';
import type { Workflow } from '@rakit/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { SELECTOR_CREATE, SelectorSearch } from '../../components/SelectorSearch';
import { useT } from '../../i18n/LanguageProvider';

const SELECTOR_WIDTH = 280;

interface WorkflowSelectorProps {
  workflows: readonly Workflow[];
  current: Workflow | undefined;
  loading: boolean;
  /** The selector turned dynamic: the list is loaded again (spec 1 §4). */
  onOpen: () => void;
  onChoose: (chainId: number) => void;
  onCreate: () => void;
}

/**
 * The workflow selector (spec 1 §4, screen 10): 'static' shows the current workflow's title, or
 * 'Please Select Workflow'; a click makes it 'dynamic' (a search, 'Create New Workflow' and the
 * workflows, reloaded). Unlike the page selector nothing blocks the switch: a workflow's flow
 * syncs by itself. Choosing an entry or cancelling makes it static again.
 */
export function WorkflowSelector({ workflows, current, loading, onOpen, onChoose, onCreate }: WorkflowSelectorProps) {
  const t = useT();
  const [dynamic, setDynamic] = useState(false);
  if (dynamic) {
    return (
      <SelectorSearch
        items={workflows.map((w) => ({ id: w.chainId, name: w.chainName }))}
        currentId={current?.chainId}
        loading={loading}
        width={SELECTOR_WIDTH}
        noun={{ one: t('workflow.selector.one'), many: t('workflow.selector.many') }}
        placeholder={t('workflow.selector.search')}
        onCancel={() => setDynamic(false)}
        onSubmit={(value) => {
          setDynamic(false);
          if (value === SELECTOR_CREATE) onCreate();
          else onChoose(Number(value));
        }}
      />
    );
  }
  return (
    <Button
      variant="default"
      w={SELECTOR_WIDTH}
      maw="100%"
      justify="space-between"
      rightSection={<IconChevronDown size={16} />}
      onClick={() => {
        onOpen();
        setDynamic(true);
      }}
      data-testid="workflow-selector"
    >
      {current === undefined ? <Text c="dimmed" size="sm">{t('workflow.selector.none')}</Text> : <Text size="sm" fw={600} truncate>{current.chainName}</Text>}
    </Button>
  );
}
