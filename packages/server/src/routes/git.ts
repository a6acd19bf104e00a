import { gitCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { disconnectGit, getGitSettings, previewPullFromGit, pullFromGit, pushToGit, saveGitSettings } from '../git/sync';
import { route } from '../http/route';
import { PdfReader } from '../pdf-templates/extract';

/** An application kept in a git repository (issue 39): its administrators' calls. */
const gitRoutes: FastifyPluginAsync = async (app) => {
  const reader = new PdfReader();
  route(app, gitCalls.getGitSettings, ({ input: { params } }) => getGitSettings(app.services, params.appId));
  route(app, gitCalls.saveGitSettings, ({ input: { body } }) => saveGitSettings(app.services, body));
  route(app, gitCalls.disconnectGit, ({ input: { body } }) => disconnectGit(app.services, body.appId));
  route(app, gitCalls.pushToGit, ({ input: { body }, caller }) => pushToGit(app.services, caller, body));
  route(app, gitCalls.previewPullFromGit, ({ input: { body }, caller }) => previewPullFromGit(app.services, caller, body.appId));
  route(app, gitCalls.pullFromGit, ({ input: { body }, caller }) => pullFromGit(app.services, reader, caller, body));
};

export default gitRoutes;
