import { Button, CloseButton, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import type { Workflow } from '@rakit/core';
import { IconCheck, IconChevronDown, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

const CREATE = '__create__';
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
  const [dynamic, setDynamic] = useState(false);
  if (dynamic) {
    return (
      <WorkflowSearch
        workflows={workflows}
        currentId={current?.chainId}
        loading={loading}
        onCancel={() => setDynamic(false)}
        onSubmit={(value) => {
          setDynamic(false);
          if (value === CREATE) onCreate();
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
      {current === undefined ? <Text c="dimmed" size="sm">Please Select Workflow</Text> : <Text size="sm" fw={600} truncate>{current.chainName}</Text>}
    </Button>
  );
}

interface WorkflowSearchProps {
  workflows: readonly Workflow[];
  currentId: number | undefined;
  loading: boolean;
  onCancel: () => void;
  onSubmit: (value: string) => void;
}

function WorkflowSearch({ workflows, currentId, loading, onCancel, onSubmit }: WorkflowSearchProps) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({ defaultOpened: true, onDropdownClose: onCancel });
  const wanted = search.trim().toLowerCase();
  const shown = workflows.filter((w) => w.chainName.toLowerCase().includes(wanted));

  return (
    <Combobox store={combobox} onOptionSubmit={onSubmit} width={SELECTOR_WIDTH} position="bottom-start">
      <Combobox.Target>
        <TextInput
          w={SELECTOR_WIDTH}
          maw="100%"
          autoFocus
          placeholder="Search workflow"
          aria-label="Search workflow"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.updateSelectedOptionIndex();
          }}
          onBlur={() => combobox.closeDropdown()}
          rightSection={<CloseButton size="sm" aria-label="Cancel" onMouseDown={(event) => event.preventDefault()} onClick={onCancel} />}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label="Workflows">
          <Combobox.Option value={CREATE}>
            <Group gap={6} c="blue" fw={600}><IconPlus size={16} />Create New Workflow</Group>
          </Combobox.Option>
          {shown.map((w) => (
            <Combobox.Option key={w.chainId} value={String(w.chainId)} active={w.chainId === currentId}>
              <Group gap={6} justify="space-between" wrap="nowrap">
                {w.chainName}
                {w.chainId === currentId && <IconCheck size={14} aria-hidden />}
              </Group>
            </Combobox.Option>
          ))}
          {shown.length === 0 && <Combobox.Empty>{loading ? 'Loading workflows…' : 'No workflow found'}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
