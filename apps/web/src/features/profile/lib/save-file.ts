/** The name the data export is saved under. */
export const EXPORT_FILE_NAME = 'attune-data.json';

/** Shared with the staff members export (lib/save-blob.ts). */
export { saveBlob } from '../../../lib/save-blob';
