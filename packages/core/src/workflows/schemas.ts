import { z } from 'zod';
import { MAX_ROW_ID } from '../constants';
import { baseRevisionField, revisionField } from '../schemas/revision';
import { CONDITION_BRANCHES } from './addons';

/** Workflows, their actions and their flow as the calls of spec 1 §7 take and answer them (issue 12). */

const id = z.number().int().positive().max(MAX_ROW_ID);
const idParam = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** The most edges one flow may have. */
export const MAX_FLOW_EDGES = 2000;
/** The most actions one workflow may have. */
export const MAX_WORKFLOW_ACTIONS = 500;

/**
 * POST /save/saveWorkflow: chainTrigger names one of the application's stored triggers, or none;
 * revision, when renaming, the workflow's revision the screen loaded (issue 33).
 */
export const SaveWorkflowBodySchema = z.object({
  chainId: id.nullable().default(null),
  chainAppId: idParam,
  chainName: z.string().trim().min(1, 'chainName is empty').max(200),
  chainTrigger: id.nullable().default(null),
  ...baseRevisionField,
});
export type SaveWorkflowBody = z.infer<typeof SaveWorkflowBodySchema>;

export const WorkflowSchema = z.object({
  chainId: z.number().int(),
  chainAppId: z.number().int(),
  chainName: z.string(),
  chainTrigger: z.number().int().nullable(),
  /** The action attached as the trigger (the 'before' option TRIGGER), if any. */
  triggerActionId: z.number().int().nullable(),
  /** Bumped by each change of the workflow or of its flow (edges, trigger action, cards, its list of actions). */
  ...revisionField,
});
export type Workflow = z.infer<typeof WorkflowSchema>;

export const WorkflowIdSchema = z.object({ chainId: z.number().int() });
/** saveWorkflow's answer: the workflow's revision after the save. */
export const SavedWorkflowSchema = WorkflowIdSchema.extend(revisionField);
export const DeleteWorkflowBodySchema = z.object({ chainId: id });

/**
 * POST /save/saveAction: actionParams is the JSON text of parameter name → text; revision, when
 * editing, the action's revision the screen loaded (issue 33).
 */
export const SaveWorkflowActionBodySchema = z.object({
  actionId: id.nullable().default(null),
  actionChainId: idParam,
  actionAlias: z.string().trim().min(1, 'actionAlias is empty').max(200),
  actionName: z.string().trim().max(200).default(''),
  addonName: z.string().trim().min(1, 'addonName is empty').max(100),
  actionScript: z.string().max(100_000).default(''),
  actionParams: z.string().max(200_000).default('{}'),
  ...baseRevisionField,
});
export type SaveWorkflowActionBody = z.infer<typeof SaveWorkflowActionBodySchema>;

export const WorkflowActionIdSchema = z.object({ actionId: z.number().int() });
/** saveAction's answer: the action's revision after the save. */
export const SavedWorkflowActionSchema = WorkflowActionIdSchema.extend(revisionField);
/** revision: the action's the editor last stored; changed since by another, the removal is refused (409). */
export const DeleteWorkflowActionBodySchema = z.object({ actionId: id, ...baseRevisionField });

const AddonParamSchema = z.object({
  name: z.string(),
  parameters: z.tuple([z.object({
    type: z.enum(['text', 'select']),
    value: z.string(),
    placeholder: z.string(),
    options: z.array(z.object({ key: z.string(), value: z.string() })),
  })]),
  json: z.literal(true).optional(),
});

/** An add-on of the palette with its parameter form (GET /addon/listAddOn, getNode's addonDetails). */
export const AddonSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  available: z.boolean(),
  unavailableReason: z.string().optional(),
  input: z.object({ required: z.array(AddonParamSchema), optional: z.array(AddonParamSchema) }),
});

/** GET /action/getNode/{id}: an action with its neighbours and its add-on's form filled with its values. */
export const WorkflowNodeSchema = z.object({
  id: z.number().int(),
  actionId: z.number().int(),
  actionChainId: z.number().int(),
  actionAlias: z.string(),
  actionName: z.string(),
  addonName: z.string(),
  actionScript: z.string(),
  actionParams: z.string(),
  /** Ids of the actions before it. */
  source: z.array(z.number().int()),
  /** Ids of the actions after it. */
  destination: z.array(z.number().int()),
  /** Null when the stored add-on name is no longer known. */
  addonDetails: AddonSchema.nullable(),
  /** The action's own (its fields above); where its card sits is the workflow's. */
  ...revisionField,
});
export type WorkflowNode = z.infer<typeof WorkflowNodeSchema>;

/**
 * One item of a flow pair: the ids [from, to] (null or missing answers 'from and to id cant be
 * null', spec 1 §5), and for an edge out of a Condition a third item, the branch it is on.
 */
const flowItem = z.union([z.number().int(), z.null(), z.enum(CONDITION_BRANCHES)]);

/** Where a card sits on the editor's canvas. */
export const CardPlacementSchema = z.object({ actionId: id, x: z.number().finite().min(-1e6).max(1e6), y: z.number().finite().min(-1e6).max(1e6) });
export type CardPlacement = z.infer<typeof CardPlacementSchema>;

/**
 * POST /save/saveFlow: replaces the workflow's edges: `[from, to]`, or `[from, to, 'true' | 'false']`
 * for an edge out of a Condition (which must say its branch; no other edge may). triggerActionId
 * names the action attached as the trigger and layout where the cards sit; when left out, what is
 * stored stays. revision is the workflow's the editor loaded (getFlow's workflow.revision): the
 * flow is part of the workflow (issue 33).
 */
export const SaveFlowBodySchema = z.object({
  workflowId: idParam,
  flow: z.array(z.array(flowItem).max(3)).max(MAX_FLOW_EDGES),
  triggerActionId: id.nullable().optional(),
  layout: z.array(CardPlacementSchema).max(MAX_WORKFLOW_ACTIONS).optional(),
  ...baseRevisionField,
});
export type SaveFlowBody = z.infer<typeof SaveFlowBodySchema>;

/** saveFlow's answer; revision is the workflow's after the save. */
export const SavedFlowSchema = z.object({
  workflowId: z.number().int(), edges: z.number().int(), triggerActionId: z.number().int().nullable(), ...revisionField,
});

export const BuildProblemSchema = z.object({ actionId: z.number().int().nullable(), message: z.string() });
export type BuildProblem = z.infer<typeof BuildProblemSchema>;

/** POST /action/buildWorkflow/{id}: what the check found, and the version published when it found nothing wrong. */
export const WorkflowBuildSchema = z.object({
  workflowId: z.number().int(),
  built: z.boolean(),
  problems: z.array(BuildProblemSchema),
  /** The published version the engine runs; null when the flow has problems. */
  versionId: z.number().int().nullable(),
  /** Where a run starts: the trigger action, or every action no edge leads to. */
  entryActionIds: z.array(z.number().int()),
  /** The actions in an order where each follows those leading to it; empty when there is a cycle. */
  order: z.array(z.number().int()),
});
export type WorkflowBuild = z.infer<typeof WorkflowBuildSchema>;

/** An edge of the drawn flow; branch is set on the edges out of a Condition. */
export const FlowEdgeRecordSchema = z.object({ from: z.number().int(), to: z.number().int(), branch: z.enum(CONDITION_BRANCHES).nullable() });
export type FlowEdgeRecord = z.infer<typeof FlowEdgeRecordSchema>;

/**
 * GET /action/getFlow/{id}: everything the editor draws of a workflow. Its revision is the
 * workflow's (workflow.revision), which saveFlow names.
 */
export const WorkflowFlowSchema = z.object({
  workflow: WorkflowSchema,
  actions: z.array(z.object({
    actionId: z.number().int(),
    actionAlias: z.string(),
    actionName: z.string(),
    addonName: z.string(),
    /** JSON text of parameter name → text, as saveAction took it. */
    actionParams: z.string(),
    /** Where the card sits; null until the editor has placed it. */
    x: z.number().nullable(),
    y: z.number().nullable(),
    /** The action's own revision (its fields), which saveAction names when editing it. */
    ...revisionField,
  })),
  edges: z.array(FlowEdgeRecordSchema),
  /** The latest published version, if any. */
  builtVersionId: z.number().int().nullable(),
  builtAt: z.string().nullable(),
});
export type WorkflowFlow = z.infer<typeof WorkflowFlowSchema>;
