/** File upload rules of spec 2 §5, shared by the file widget and the server. */

export const MAX_UPLOAD_BYTES = 2_048_000;
export const FILE_TOO_LARGE_MESSAGE = 'File size have to less than 2 MB';

export type FileFilter = 'all' | 'image' | 'document' | 'video';

const DOCUMENT_TYPES: Record<string, string> = {
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
};

/** The `accept` attribute of the file input for each filter. */
export const FILE_ACCEPT: Record<FileFilter, string> = {
  all: '',
  image: 'image/*',
  document: [...Object.keys(DOCUMENT_TYPES), ...Object.values(DOCUMENT_TYPES)].join(','),
  video: 'video/mp4,video/x-m4v,video/*,.mp4,.m4v',
};

/**
 * Types that a browser would run if the file were ever opened inline: refused whatever
 * the filter, so an upload can never become a page of our origin.
 */
const ACTIVE_CONTENT = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/javascript|application\/javascript|application\/x-msdownload)$/;

/** Whether a file of this MIME type and name passes the filter. */
export function fileMatchesFilter(filter: FileFilter, mimeType: string, fileName: string): boolean {
  const type = mimeType.toLowerCase();
  if (ACTIVE_CONTENT.test(type) || /\.(html?|xhtml|svg|js|mjs|exe|bat|cmd|sh)$/i.test(fileName)) return false;
  const extension = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0] ?? '';
  switch (filter) {
    case 'all': return true;
    case 'image': return type.startsWith('image/');
    case 'video': return type.startsWith('video/') || extension === '.mp4' || extension === '.m4v';
    case 'document': return Object.values(DOCUMENT_TYPES).includes(type) || extension in DOCUMENT_TYPES;
  }
}
