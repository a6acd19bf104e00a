import { IconUpload } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { FileuploadConfig } from './Config';
import { FileuploadLive } from './Live';

export const fileuploadWidget: WidgetDefinition<'fileupload'> = { type: 'fileupload', label: 'File Upload', icon: IconUpload, Live: FileuploadLive, Config: FileuploadConfig };
