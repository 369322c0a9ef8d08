import { attachment } from './attachment';
/** The Content-Disposition of a report named `name` (lib/attachment.ts). */
export const pdfAttachment = (name: string) => attachment(name, 'pdf');
