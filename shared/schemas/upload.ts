/** Uploads and remote image fetches on the wire. */
import { z } from 'zod';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The avatar must be under 5 MB (spec 02 section 9). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024 - 1;
export const UPLOAD_TYPE_VALUES = ['style_prompt', 'style_cover'] as const;

const urlField = z.string({ message: 'URL is required' }).trim().min(1, 'URL is required').max(2048, 'URL is too long');

/** POST /api/download-image */
export const downloadImageSchema = z.object({ url: urlField, originalUrl: z.string().max(2048).optional() }).strict();
export type DownloadImageInput = z.infer<typeof downloadImageSchema>;
export const downloadImageResultSchema = z.object({ url: z.string(), originalUrl: z.string() });

/** POST /api/scrape-url */
export const scrapeUrlSchema = z.object({ url: urlField }).strict();
export type ScrapeUrlInput = z.infer<typeof scrapeUrlSchema>;
export const scrapeUrlResultSchema = z.object({ image: z.string() });

/** POST /api/upload (multipart: file, type) */
export const uploadTypeSchema = z.enum(UPLOAD_TYPE_VALUES, { message: 'Type must be style_prompt or style_cover' });
export const uploadResultSchema = z.object({ url: z.string() });
