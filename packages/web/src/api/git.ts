import { gitCalls, type GitPullBody, type GitPushBody, type SaveGitSettingsBody } from '@rakit/core';
import { callApi } from './request';

/** Calls of an application's git repository (issue 39), made on behalf of its administrator signed in to `appSlug`. */
export const gitApi = (appSlug: string) => ({
  getGitSettings: (appId: number) => callApi(gitCalls.getGitSettings, { params: { appId } }, appSlug),

  saveGitSettings: (body: SaveGitSettingsBody) => callApi(gitCalls.saveGitSettings, { body }, appSlug),

  disconnectGit: (appId: number) => callApi(gitCalls.disconnectGit, { body: { appId } }, appSlug),

  pushToGit: (body: GitPushBody) => callApi(gitCalls.pushToGit, { body }, appSlug),

  previewPullFromGit: (appId: number) => callApi(gitCalls.previewPullFromGit, { body: { appId } }, appSlug),

  pullFromGit: (body: GitPullBody) => callApi(gitCalls.pullFromGit, { body }, appSlug),
});
