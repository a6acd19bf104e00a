import { z } from 'zod';
import { FILE_FILTERS } from '../widgets/form';
import { defineCall, FILE_ANSWER, lazyCalls } from './contract';

/** A stored upload as POST /file/upload answers it (data[0]). */
export const UploadedFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** Files of the file widget (spec 2 §5, §7). */
export const fileCalls = lazyCalls(() => ({
  uploadFile: defineCall({
    method: 'POST', path: '/file/upload', tag: 'files',
    summary: 'Upload one file (multipart field "file") for an application given in the app-id header',
    description: 'Under 2,048,000 bytes; its content is sniffed, checked against the widget\'s filter and stored under a random id.',
    // The spec names the application in a header, beside the browser's usual ones.
    headers: z.object({ 'app-id': z.coerce.number({ error: 'The app-id header is required' }).int().positive() }),
    query: z.object({ filter: z.enum(FILE_FILTERS).default('all') }),
    multipart: true,
    data: z.array(UploadedFileSchema),
    successCode: 201,
    access: { level: 'member', app: { entity: 'app', id: (input) => input.headers['app-id'] } },
  }),
  downloadFile: defineCall({
    method: 'GET', path: '/file/download/:fileId', tag: 'files',
    summary: 'Download an uploaded file (members of its application)',
    params: z.object({ fileId: z.uuid() }),
    data: FILE_ANSWER,
    access: { level: 'member', app: { entity: 'file', id: (input) => input.params.fileId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A stored file, by its id. */
    file: true;
  }
}
