/** Largest image (thumbnail, avatar) accepted for upload; the web says "up to 5 MB". */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
