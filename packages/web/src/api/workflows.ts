import {
  type ClientInputOf, type SaveWorkflowHookBody, type SaveWorkflowScheduleBody, type SetStepSecretBody, stepSecretCalls, workflowCalls, workflowHookCalls, workflowRunCalls,
  workflowScheduleCalls, workflowTaskCalls,
} from '@rakit/core';
import { callApi } from './request';

type BodyOf<C> = ClientInputOf<C> extends { body: infer B } ? B : never;

export type SaveWorkflowInput = BodyOf<typeof workflowCalls.saveWorkflow>;
export type SaveWorkflowActionInput = BodyOf<typeof workflowCalls.saveWorkflowAction>;
export type SaveFlowInput = BodyOf<typeof workflowCalls.saveFlow>;
/** The values a run starts with ($0's fields). */
export type RunInput = BodyOf<typeof workflowRunCalls.runWorkflow>['params'];

/** Calls of the workflow editor and its Runs panel (issue 12), on behalf of the user signed in to `appSlug`. */
export const workflowsApi = (appSlug: string) => ({
  listAddOn: () => callApi(workflowCalls.listAddOn, {}, appSlug),
  listWorkflow: (appId: number) => callApi(workflowCalls.listWorkflow, { params: { appId } }, appSlug),
  saveWorkflow: (body: SaveWorkflowInput) => callApi(workflowCalls.saveWorkflow, { body }, appSlug),
  deleteWorkflow: (chainId: number) => callApi(workflowCalls.deleteWorkflow, { body: { chainId } }, appSlug),
  saveWorkflowAction: (body: SaveWorkflowActionInput) => callApi(workflowCalls.saveWorkflowAction, { body }, appSlug),
  getNode: (actionId: number) => callApi(workflowCalls.getNode, { params: { id: actionId } }, appSlug),
  getFlow: (workflowId: number) => callApi(workflowCalls.getFlow, { params: { id: workflowId } }, appSlug),
  /** Based on the action's `revision` as last stored: changed since by another, refused (409). */
  deleteWorkflowAction: (actionId: number, revision?: number) => callApi(workflowCalls.deleteWorkflowAction, { body: { actionId, revision } }, appSlug),
  saveFlow: (body: SaveFlowInput) => callApi(workflowCalls.saveFlow, { body }, appSlug),
  buildWorkflow: (workflowId: number) => callApi(workflowCalls.buildWorkflow, { params: { id: workflowId } }, appSlug),

  runWorkflow: (workflowId: number, params: RunInput) => callApi(workflowRunCalls.runWorkflow, { params: { id: workflowId }, body: { params } }, appSlug),
  runChains: (actionId: number, params: RunInput) => callApi(workflowRunCalls.runChains, { body: { actionId, params } }, appSlug),
  workflowRuns: (workflowId: number) => callApi(workflowRunCalls.workflowRuns, { params: { id: workflowId } }, appSlug),
  workflowRun: (runId: number) => callApi(workflowRunCalls.workflowRun, { params: { id: runId } }, appSlug),
  rerunWorkflowRun: (runId: number) => callApi(workflowRunCalls.rerunWorkflowRun, { params: { id: runId } }, appSlug),

  /** A workflow's incoming webhooks (issue 37). */
  listWorkflowHooks: (workflowId: number) => callApi(workflowHookCalls.listWorkflowHooks, { params: { id: workflowId } }, appSlug),
  saveWorkflowHook: (body: SaveWorkflowHookBody) => callApi(workflowHookCalls.saveWorkflowHook, { body }, appSlug),
  rotateHookSecret: (hookId: string) => callApi(workflowHookCalls.rotateHookSecret, { body: { hookId } }, appSlug),
  deleteWorkflowHook: (hookId: string) => callApi(workflowHookCalls.deleteWorkflowHook, { body: { hookId } }, appSlug),

  /** Send Webhook steps' signing secrets (issue 37): whether set, never what. */
  listStepSecrets: (workflowId: number) => callApi(stepSecretCalls.listStepSecrets, { params: { id: workflowId } }, appSlug),
  setStepSecret: (body: SetStepSecretBody) => callApi(stepSecretCalls.setStepSecret, { body }, appSlug),
  deleteStepSecret: (actionId: number) => callApi(stepSecretCalls.deleteStepSecret, { body: { actionId } }, appSlug),

  /** Cancels a run that waits for a worker or a person (issue 37). */
  cancelWorkflowRun: (runId: number) => callApi(workflowTaskCalls.cancelWorkflowRun, { params: { id: runId } }, appSlug),

  /** A workflow's schedules (issue 37). */
  listWorkflowSchedules: (workflowId: number) => callApi(workflowScheduleCalls.listWorkflowSchedules, { params: { id: workflowId } }, appSlug),
  previewSchedule: (body: { workflowId: number; cron: string; startsOn: string | null; endsOn: string | null }, signal?: AbortSignal) =>
    callApi(workflowScheduleCalls.previewSchedule, { body }, appSlug, undefined, signal),
  saveWorkflowSchedule: (body: SaveWorkflowScheduleBody) => callApi(workflowScheduleCalls.saveWorkflowSchedule, { body }, appSlug),
  deleteWorkflowSchedule: (scheduleId: number) => callApi(workflowScheduleCalls.deleteWorkflowSchedule, { body: { scheduleId } }, appSlug),
});
