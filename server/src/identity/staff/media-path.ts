/** Where staff fetch a photo file, whatever its status (members' /media/ shows only what they may see). */
export const STAFF_MEDIA_PREFIX = '/api/staff/media/';

export const staffMediaUrl = (file: string) => `${STAFF_MEDIA_PREFIX}${file}`;
