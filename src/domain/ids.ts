/**
 * Our ids (users, results) are UUIDs as PostgreSQL's gen_random_uuid writes them (RFC 9562: a version digit 1–8, the
 * variant bits 10). Anything else is not ours: the browser ignores it in a URL, the server answers "not found".
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
