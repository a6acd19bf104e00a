import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconLink, IconSettings, IconUnlink } from '@tabler/icons-react';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { CONDITION_BRANCHES } from '@rakit/core';
import { memo } from 'react';
import { MAIN_CONTENT_ID } from '../../components/SkipLink';
import { PeerFrame } from '../../live/PeerFrame';
import { useT } from '../../i18n/LanguageProvider';
import classes from './WorkflowEditor.module.css';
import { useWorkflowEditor } from './workflow-store';
import type { ConnectionChoice, OutgoingLink } from './flow-keyboard';

export interface ActionCardData extends Record<string, unknown> {
  actionId: number;
  alias: string;
  addonLabel: string;
  isCondition: boolean;
  /** `$N` of the card in the built order; null while the flow has a cycle. */
  step: number | null;
  isTrigger: boolean;
  /** What the last build found wrong with this card. */
  problem: string | null;
  /** The step's time limit and attempts, once a run has shown them. */
  limits: string | null;
  onConfigure: (actionId: number) => void;
  /** What its Connections menu offers: the cards it may be joined to, and its connections to remove. */
  connectable: readonly ConnectionChoice[];
  outgoing: readonly OutgoingLink[];
  onConnect: (from: number, choice: ConnectionChoice) => void;
  onDisconnect: (link: OutgoingLink) => void;
}

export type ActionCardNodeType = Node<ActionCardData, 'action'>;

/** A card of the flow: its alias, add-on and step number, a handle in and one (a Condition: two) out. */
export const ActionCardNode = memo(function ActionCardNode({ data, selected }: NodeProps<ActionCardNodeType>) {
  const t = useT();
  const [whenTrue, whenFalse] = CONDITION_BRANCHES;
  return (
    <div
      className={classes.card}
      data-selected={selected || undefined}
      data-problem={data.problem !== null || undefined}
      data-testid="flow-card"
      data-alias={data.alias}
      onDoubleClick={() => data.onConfigure(data.actionId)}
    >
      {/* The handles join cards by pointer; the Connections menu is their keyboard way, so they are hidden from assistive technology. */}
      <Handle type="target" position={Position.Top} className={classes.handle} aria-hidden />
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Badge size="sm" variant="light" tt="none" title={t('workflow.card.stepHelp')}>{data.step === null ? '$?' : `$${data.step}`}</Badge>
        {data.isTrigger && <Badge size="sm" color="grape" variant="filled">{t('workflow.common.trigger')}</Badge>}
        <ActionIcon
          size="sm"
          variant="subtle"
          aria-label={t('workflow.card.configure', { alias: data.alias })}
          className="nodrag"
          onClick={() => data.onConfigure(data.actionId)}
        >
          <IconSettings size={14} />
        </ActionIcon>
        <ConnectionsMenu data={data} />
      </Group>
      <Text size="sm" fw={700} truncate mt={4}>{data.alias}</Text>
      <Text size="xs" c="dimmed">{data.addonLabel}</Text>
      {data.limits !== null && <Text size="xs" c="dimmed" data-testid="card-limits">{data.limits}</Text>}
      {data.problem !== null && <Text size="xs" c="red" mt={4} data-testid="card-problem">{data.problem}</Text>}
      <CardPeer actionId={data.actionId} />
      {data.isCondition ? (
        <>
          <Handle type="source" id="true" position={Position.Bottom} className={`${classes.handle} ${classes.handleTrue}`} aria-hidden />
          <Handle type="source" id="false" position={Position.Bottom} className={`${classes.handle} ${classes.handleFalse}`} aria-hidden />
          {/* The branches' own names, as the edges and the run history write them. */}
          <Group justify="space-between" mt={4}><Text size="xs" c="teal" fw={600}>{whenTrue}</Text><Text size="xs" c="red" fw={600}>{whenFalse}</Text></Group>
        </>
      ) : (
        <Handle type="source" position={Position.Bottom} className={classes.handle} aria-hidden />
      )}
    </div>
  );
});

/**
 * The card's connections by keyboard: joins it to another card (a Condition from its true or false
 * side) or removes one of its connections. Its keys stay in the menu: arrows must not move the card.
 */
function ConnectionsMenu({ data }: { data: ActionCardData }) {
  const t = useT();
  const empty = data.connectable.length === 0 && data.outgoing.length === 0;
  return (
    // Drawn inside the main region (at the end of the body it is outside every landmark); opened,
    // its first item has the focus (Mantine's focus placeholder is a child a menu may not have).
    <Menu position="bottom-end" withinPortal portalProps={{ target: `#${MAIN_CONTENT_ID}` }} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" aria-label={t('workflow.card.connections', { alias: data.alias })} className="nodrag" data-testid="card-connections">
          <IconLink size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onKeyDown={(event) => event.stopPropagation()}>
        {data.connectable.map((choice) => (
          <Menu.Item key={`${choice.to}-${choice.branch}`} leftSection={<IconLink size={14} />} onClick={() => data.onConnect(data.actionId, choice)}>
            {t('workflow.card.connectTo', { alias: choice.alias, branch: choice.branch ?? 'none' })}
          </Menu.Item>
        ))}
        {data.connectable.length > 0 && data.outgoing.length > 0 && <Menu.Divider />}
        {data.outgoing.map((link) => (
          <Menu.Item key={link.to} leftSection={<IconUnlink size={14} />} onClick={() => data.onDisconnect(link)}>
            {t('workflow.card.disconnectFrom', { alias: link.alias, branch: link.branch ?? 'none' })}
          </Menu.Item>
        ))}
        {empty && <Menu.Item disabled>{t('workflow.card.nothingToConnect')}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Another builder has this card selected (issue 33, presence). */
function CardPeer({ actionId }: { actionId: number }) {
  const peer = useWorkflowEditor((state) => state.live?.peers.find((candidate) => candidate.activeId === String(actionId)) ?? null);
  return <PeerFrame peer={peer} />;
}
