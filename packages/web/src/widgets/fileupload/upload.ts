import { type FileFilter, Messages } from '@rakit/core';
import { z } from 'zod';
import { readSession } from '../../shell/session-storage';

/** What POST /file/upload answers: the stored file's id (spec 2 §7) or the refusal's text. */
const UploadAnswerSchema = z.object({
  status: z.boolean(),
  data: z.array(z.looseObject({ fileId: z.union([z.string(), z.number()]), fileName: z.string().optional() })).optional(),
  error: z.array(z.string()).optional(),
});

export type UploadResult = { ok: true; fileId: string | number; fileName: string } | { ok: false; error: string };

/**
 * Sends one file as multipart field 'file', with the application's id ('app-id') and the bearer
 * token of its stored session. No content-type header: the browser writes the multipart boundary.
 */
export async function uploadFile(file: File, app: { appId: number; appSlug: string }, filter: FileFilter): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { accept: 'application/json', 'app-id': String(app.appId) };
  const stored = readSession(app.appSlug);
  if (stored.kind === 'ok') headers.authorization = `Bearer ${stored.session.user.token}`;

  let json: unknown;
  try {
    // The server checks the file's bytes against the same filter.
    const response = await fetch(`/file/upload?filter=${filter}`, { method: 'POST', headers, body });
    json = await response.json();
  } catch {
    return { ok: false, error: Messages.uploadFailed };
  }
  const answer = UploadAnswerSchema.safeParse(json);
  if (!answer.success) return { ok: false, error: Messages.uploadFailed };
  const first = answer.data.data?.[0];
  if (!answer.data.status || first === undefined) return { ok: false, error: answer.data.error?.[0] ?? Messages.uploadFailed };
  return { ok: true, fileId: first.fileId, fileName: first.fileName ?? file.name };
}
