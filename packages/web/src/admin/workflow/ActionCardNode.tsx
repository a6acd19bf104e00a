import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { PeerFrame } from '../../live/PeerFrame';
import classes from './WorkflowEditor.module.css';
import { useWorkflowEditor } from './workflow-store';

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
}

export type ActionCardNodeType = Node<ActionCardData, 'action'>;

/** A card of the flow: its alias, add-on and step number, a handle in and one (a Condition: two) out. */
export const ActionCardNode = memo(function ActionCardNode({ data, selected }: NodeProps<ActionCardNodeType>) {
  return (
    <div
      className={classes.card}
      data-selected={selected || undefined}
      data-problem={data.problem !== null || undefined}
      data-testid="flow-card"
      data-alias={data.alias}
      onDoubleClick={() => data.onConfigure(data.actionId)}
    >
      <Handle type="target" position={Position.Top} className={classes.handle} aria-label={`Into ${data.alias}`} />
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Badge size="sm" variant="light" tt="none" title="Its output is $N in later templates">{data.step === null ? '$?' : `$${data.step}`}</Badge>
        {data.isTrigger && <Badge size="sm" color="grape" variant="filled">TRIGGER</Badge>}
        <ActionIcon
          size="sm"
          variant="subtle"
          aria-label={`Configure ${data.alias}`}
          className="nodrag"
          onClick={() => data.onConfigure(data.actionId)}
        >
          <IconSettings size={14} />
        </ActionIcon>
      </Group>
      <Text size="sm" fw={700} truncate mt={4}>{data.alias}</Text>
      <Text size="xs" c="dimmed">{data.addonLabel}</Text>
      {data.limits !== null && <Text size="xs" c="dimmed" data-testid="card-limits">{data.limits}</Text>}
      {data.problem !== null && <Text size="xs" c="red" mt={4} data-testid="card-problem">{data.problem}</Text>}
      <CardPeer actionId={data.actionId} />
      {data.isCondition ? (
        <>
          <Handle type="source" id="true" position={Position.Bottom} className={`${classes.handle} ${classes.handleTrue}`} aria-label={`${data.alias}: true`} />
          <Handle type="source" id="false" position={Position.Bottom} className={`${classes.handle} ${classes.handleFalse}`} aria-label={`${data.alias}: false`} />
          <Group justify="space-between" mt={4}><Text size="xs" c="teal" fw={600}>true</Text><Text size="xs" c="red" fw={600}>false</Text></Group>
        </>
      ) : (
        <Handle type="source" position={Position.Bottom} className={classes.handle} aria-label={`Out of ${data.alias}`} />
      )}
    </div>
  );
});

/** Another builder has this card selected (issue 33, presence). */
function CardPeer({ actionId }: { actionId: number }) {
  const peer = useWorkflowEditor((state) => state.live?.peers.find((candidate) => candidate.activeId === String(actionId)) ?? null);
  return <PeerFrame peer={peer} />;
}
